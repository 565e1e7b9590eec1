import { httpHandler, signedIn } from '../../../app/http.js';
import { getTeam, membershipOf } from '../queries.js';
import { reading } from '../../../platform/views/reader.js';
import type { TeamResponse } from '../contracts.js';
import { teamView } from '../team-view.js';

/** GET /api/team: the caller's team, its members, and (team admins only) the pending invitations. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = reading();
  const membership = await membershipOf(runtime, principal.sub);
  const team = membership ? await getTeam(runtime, membership.team_id) : null;
  const body: TeamResponse = await teamView(runtime, team, principal.sub);
  return { body };
});
