import { loadState } from '../../../platform/event-store/load-state.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { eventReading } from '../../../app/runtime.js';
import { projectIdParams } from '../../projects/contracts.js';
import { profilesOf } from '../../projects/queries.js';
import { activeTeamOf } from '../../users/queries.js';
import { reviewRoleOf, requireReader } from '../access.js';
import type { ProjectReviewResponse } from '../contracts.js';
import { peopleOf, presentReview } from '../present.js';
import { getReview } from '../queries.js';
import { reviewEvolution } from '../state.js';

/**
 * GET /api/projects/{id}/reviews: every deliverable with its versions, notes and decisions, for the
 * project's client and team, its assigned designer and admins; anyone else is told the project does
 * not exist. Read from the review view; a project so new that the view has not caught up yet is
 * folded from its stream instead.
 */
export const handler = httpHandler({ params: projectIdParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = eventReading();
  const projectId = request.params.id;
  const [stored, callerTeam] = await Promise.all([getReview(runtime, projectId), activeTeamOf(runtime, principal.sub)]);
  const review = stored ?? {
    state: (await loadState(reviewEvolution, `project-${projectId}`, runtime)).state,
    texts: null,
  };
  const role = reviewRoleOf(principal, callerTeam, review.state);
  requireReader(role);
  const profiles = await profilesOf(runtime, peopleOf(review.state));
  const names = new Map([...profiles].map(([sub, profile]) => [sub, profile.full_name ?? profile.email ?? null]));
  const body: ProjectReviewResponse = presentReview(review.state, review.texts, names, role);
  return { body };
});
