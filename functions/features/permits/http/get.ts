import { loadState } from '../../../platform/event-store/load-state.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { eventReading } from '../../../app/runtime.js';
import { projectIdParams } from '../../projects/contracts.js';
import { activeTeamOf } from '../../users/queries.js';
import { cityRoleOf, requirePermitProject, requireReader } from '../access.js';
import {
  cityReviewQuery,
  noCityReview,
  type CityReviewResponse,
  type CityReviewSummary,
  type CorrectionItemView,
} from '../contracts.js';
import { documentOf } from '../projection.js';
import { getCityReview, getRoundItems } from '../queries.js';
import { cityReviewEvolution } from '../state.js';

/**
 * GET /api/projects/{id}/city-review[?round=N]: the city's review of a permit project, with one round's
 * items (the latest unless asked), for the client and team, the assigned designer and admins; anyone
 * else is told the project does not exist. Read from the view; a project the view has not caught up
 * with yet is folded from its stream instead.
 */
export const handler = httpHandler({ params: projectIdParams, query: cityReviewQuery }, async (request) => {
  const principal = signedIn(request);
  const runtime = eventReading();
  const projectId = request.params.id;
  const [stored, callerTeam] = await Promise.all([
    getCityReview(runtime, projectId),
    activeTeamOf(runtime, principal.sub),
  ]);
  let document = stored;
  let items: CorrectionItemView[] | null = null;
  const wanted = (rounds: number) => request.query.round ?? rounds;
  if (!document) {
    const { state } = await loadState(cityReviewEvolution, `project-${projectId}`, runtime);
    requireReader(cityRoleOf(principal, callerTeam, state));
    requirePermitProject(state);
    document = documentOf(state);
    const round = state.rounds.find((known) => known.round === wanted(state.rounds.length));
    items = round?.items.map((item) => ({ ...item, addressed: item.response !== null })) ?? [];
  }
  const role = cityRoleOf(principal, callerTeam, { ...document, exists: true });
  requireReader(role);
  const header = document.rounds.find((known) => known.round === wanted(document.rounds.length)) ?? null;
  if (header && !items) items = await getRoundItems(runtime, projectId, header.round);
  const latest = document.rounds.at(-1);
  const summary: CityReviewSummary = {
    ...noCityReview(),
    stage: document.stage,
    round: latest?.round ?? 0,
    open_items: document.stage === 'approved' ? 0 : (latest?.open_items ?? 0),
    permit_number: document.permit_number,
  };
  const body: CityReviewResponse = {
    summary,
    rounds: document.rounds,
    round: header
      ? {
          ...header,
          items: (items ?? []).map(
            ({
              item_id,
              number,
              sheet,
              code_reference,
              comment,
              addressed,
              response,
              revised_file_id,
              revised_file_name,
              addressed_at,
            }) => ({
              item_id,
              number,
              sheet,
              code_reference,
              comment,
              addressed,
              response,
              revised_file_id,
              revised_file_name,
              addressed_at,
            }),
          ),
        }
      : null,
    permit_number: document.permit_number,
    approved_at: document.approved_at,
    can_record: role.can_record,
    can_respond: role.can_respond,
  };
  return { body };
});
