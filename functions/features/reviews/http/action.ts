import { isEvent } from '#events/catalogue.js';
import { actorOf, provenEmailOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { stateToDecideOn } from '../../../platform/event-store/load-state.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { newId } from '../../../platform/ids.js';
import { appending } from '../../../app/runtime.js';
import { activeTeamOf } from '../../users/queries.js';
import { reviewRoleOf, requireReader } from '../access.js';
import { reviewActionBody, type ReviewActionResponse } from '../contracts.js';
import { reviewDecider, type ReviewCommand } from '../decider.js';
import { ChangesRequested } from '../events.js';
import { projectIdParams } from '../../projects/contracts.js';

/**
 * POST /api/projects/{id}/reviews: one action on the review (pin a note, reply to one, resolve one,
 * approve, ask for changes). Parse → the caller must be able to read the review (else 404, as for a project they
 * cannot read) → the decider holds every rule (who, which version, limits) → append → the events'
 * types. The project is read from its stream, not the view: the rules see what the store holds.
 */
export const handler = httpHandler({ params: projectIdParams, body: reviewActionBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const streamId = `project-${request.params.id}`;
  // What this process remembers of the stream, unless the caller could not read it there (see stateToDecideOn).
  const { state, context: callerTeam } = await stateToDecideOn(
    reviewDecider,
    streamId,
    runtime,
    activeTeamOf(runtime, principal.sub),
    (known, team) => reviewRoleOf(principal, team, known).can_read,
  );
  requireReader(reviewRoleOf(principal, callerTeam, state));

  const action = request.body;
  const noteId = action.action === 'pin_note' ? newId() : undefined;
  const replyId = action.action === 'reply' ? newId() : undefined;
  let command: ReviewCommand;
  switch (action.action) {
    case 'pin_note':
      command = {
        type: 'PinNote',
        note_id: noteId!,
        deliverable_id: action.deliverable_id,
        version: action.version,
        page: action.page,
        x: action.x,
        y: action.y,
        text: action.text,
        caller_team_id: callerTeam,
      };
      break;
    case 'resolve':
      command = { type: 'ResolveNote', note_id: action.note_id };
      break;
    case 'reply':
      command = { type: 'ReplyToNote', note_id: action.note_id, reply_id: replyId!, text: action.text };
      break;
    case 'approve':
      command = {
        type: 'Approve',
        deliverable_id: action.deliverable_id,
        version: action.version,
        caller_team_id: callerTeam,
      };
      break;
    case 'request_changes':
      command = {
        type: 'RequestChanges',
        deliverable_id: action.deliverable_id,
        version: action.version,
        summary: action.summary ?? null,
        caller_team_id: callerTeam,
      };
      break;
  }
  const result = await runCommand(
    reviewDecider,
    streamId,
    command,
    {
      actor: actorOf(principal),
      actorEmail: provenEmailOf(principal),
      correlationId: request.correlationId || undefined,
    },
    runtime,
  );
  const requested = result.events.find((event) => isEvent(event, ChangesRequested));
  const body: ReviewActionResponse = {
    events: result.events.map((event) => event.type),
    ...(noteId ? { note_id: noteId } : {}),
    ...(replyId ? { reply_id: replyId } : {}),
    ...(requested ? { revision_round: requested.data.round } : {}),
  };
  return { status: action.action === 'pin_note' || action.action === 'reply' ? 201 : 200, body };
});
