import { httpHandler, signedIn } from '../../../platform/http/middleware.js';
import { getTeam, membershipOf } from '../queries.js';
import { getRuntime } from '../../../platform/runtime.js';
import type { TeamResponse } from '../contracts.js';
import { teamView } from '../team-view.js';

/** GET /api/team: the caller's team, its members, and (team admins only) the pending invitations. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const membership = await membershipOf(runtime, principal.sub);
  const team = membership ? await getTeam(runtime, membership.team_id) : null;
  const body: TeamResponse = await teamView(runtime, team, principal.sub);
  return { body };
});
