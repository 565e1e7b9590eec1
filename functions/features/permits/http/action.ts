import { actorOf, provenEmailOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { stateToDecideOn } from '../../../platform/event-store/load-state.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { newId } from '../../../platform/ids.js';
import { appending } from '../../../app/runtime.js';
import { projectIdParams } from '../../projects/contracts.js';
import { activeTeamOf } from '../../users/queries.js';
import { cityRoleOf, requirePermitProject, requireReader } from '../access.js';
import { cityReviewActionBody, type CityReviewActionResponse } from '../contracts.js';
import { cityReviewDecider, type CityReviewCommand } from '../decider.js';
import { summaryOf } from '../state.js';

/**
 * POST /api/projects/{id}/city-review: one action on the city's review (record the corrections of a
 * new round, address an item, mark the round resubmitted, record the permit). Parse → the caller must
 * be able to read the project (else 404, nothing stored) → a design project has no city review (404)
 * → the decider holds every rule (who, which round, limits) → append → the events and the new summary.
 */
export const handler = httpHandler({ params: projectIdParams, body: cityReviewActionBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const streamId = `project-${request.params.id}`;
  // What this process remembers of the stream, unless the caller could not read it there (see stateToDecideOn).
  const { state, context: callerTeam } = await stateToDecideOn(
    cityReviewDecider,
    streamId,
    runtime,
    activeTeamOf(runtime, principal.sub),
    (known, team) => cityRoleOf(principal, team, known).can_read,
  );
  requireReader(cityRoleOf(principal, callerTeam, state));
  requirePermitProject(state);

  const action = request.body;
  let command: CityReviewCommand;
  switch (action.action) {
    case 'record_corrections':
      command = {
        type: 'RecordCorrections',
        items: action.items.map((item) => ({
          item_id: newId(),
          comment: item.comment,
          sheet: item.sheet ?? null,
          code_reference: item.code_reference ?? null,
          number: item.number ?? null,
        })),
        letter_file_id: action.letter_file_id ?? null,
        source: action.source ?? 'manual',
        caller_team_id: callerTeam,
      };
      break;
    case 'address':
      command = {
        type: 'AddressCorrection',
        round: action.round,
        item_id: action.item_id,
        response: action.response,
        revised_file_id: action.revised_file_id ?? null,
      };
      break;
    case 'resubmit':
      command = { type: 'Resubmit', round: action.round, caller_team_id: callerTeam };
      break;
    case 'approve':
      command = { type: 'ApprovePermit', permit_number: action.permit_number, caller_team_id: callerTeam };
      break;
  }
  const result = await runCommand(
    cityReviewDecider,
    streamId,
    command,
    {
      actor: actorOf(principal),
      actorEmail: provenEmailOf(principal),
      correlationId: request.correlationId || undefined,
    },
    runtime,
  );
  const body: CityReviewActionResponse = {
    events: result.events.map((event) => event.type),
    ...(result.state.rounds.length ? { round: result.state.rounds.length } : {}),
    summary: summaryOf(result.state),
  };
  return { status: action.action === 'record_corrections' ? 201 : 200, body };
});
