import { loadState } from '../../../platform/event-store/load-state.js';
import type { Principal } from '../../../platform/http/auth.js';
import type { EventReading } from '../../../platform/runtime.js';
import { activeTeamOf } from '../../users/queries.js';
import { cityRoleOf, requirePermitProject, requireReader } from '../access.js';
import { cityReviewEvolution, type CityReviewState } from '../state.js';

/**
 * The city review as the project's stream tells it (the texts included: the view keeps them apart),
 * for a caller who may read it, of a permit project; anyone else is told the project does not exist.
 */
export async function readableCityReview(runtime: EventReading, principal: Principal, projectId: string) {
  const [{ state }, callerTeam] = await Promise.all([
    loadState(cityReviewEvolution, `project-${projectId}`, runtime),
    activeTeamOf(runtime, principal.sub),
  ]);
  const role = cityRoleOf(principal, callerTeam, state);
  requireReader(role);
  requirePermitProject(state);
  return { state: state as CityReviewState, role, callerTeam };
}
