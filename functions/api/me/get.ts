import { httpHandler, signedIn } from '../../http/middleware.js';
import { membershipOf } from '../../queries/teams.js';
import { getUser } from '../../queries/users.js';
import { getRuntime } from '../../core/runtime.js';
import type { MeResponse } from '../contracts/me.js';

export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const [user, membership] = await Promise.all([getUser(runtime, principal.sub), membershipOf(runtime, principal.sub)]);
  const body: MeResponse = {
    user: {
      id: principal.sub,
      email: user?.email ?? principal.email,
      full_name: user?.full_name ?? principal.name,
      company: user?.company ?? null,
      phone: user?.phone ?? null,
      user_type: user?.user_type ?? 'architect',
      team_id: user?.team_id ?? null,
      created_at: user?.created_at ?? null,
    },
    roles: principal.groups.length > 0 ? principal.groups : ['client'],
    team: membership ? { id: membership.team_id, name: membership.team_name, role: membership.role, status: membership.status } : null,
  };
  return { body };
});
