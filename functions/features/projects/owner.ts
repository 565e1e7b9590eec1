import { hasRole, type Principal } from '../../platform/http/auth.js';
import { HttpError } from '../../platform/errors.js';
import { getUser } from '../users/queries.js';
import { holdsOnlyClientRole } from '../designers/queries.js';
import type { Runtime } from '../../platform/runtime.js';

export const CLIENT_REQUIRED = 'Choose the client this project is for.';
export const NOT_A_CLIENT = 'Projects belong to client accounts: choose a client.';
export const ON_BEHALF_REFUSED = 'Only admins submit projects on behalf of another client.';

/**
 * Whose project a submission creates: the client's own, or (for an admin) the client named in
 * `client_id`, who must be a registered client account. The team is the owner's, as for their own.
 */
export async function projectOwner(
  runtime: Runtime,
  principal: Principal,
  clientId: string | undefined,
): Promise<{ user_id: string; team_id: string | null }> {
  if (hasRole(principal, 'admin')) {
    if (!clientId) throw new HttpError(400, 'CLIENT_REQUIRED', CLIENT_REQUIRED);
    const [clientOnly, profile] = await Promise.all([
      holdsOnlyClientRole(runtime, clientId),
      getUser(runtime, clientId),
    ]);
    if (clientOnly === null || !profile) throw new HttpError(400, 'UNKNOWN_CLIENT', NOT_A_CLIENT);
    if (!clientOnly) throw new HttpError(400, 'NOT_A_CLIENT', NOT_A_CLIENT);
    return { user_id: clientId, team_id: profile.team_id ?? null };
  }
  if (clientId !== undefined && clientId !== principal.sub) throw new HttpError(403, 'FORBIDDEN', ON_BEHALF_REFUSED);
  const user = await getUser(runtime, principal.sub);
  return { user_id: principal.sub, team_id: user?.team_id ?? null };
}
