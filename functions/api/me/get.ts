import { httpHandler, signedIn } from '../../lib/http.js';
import { getUser } from '../../lib/queries/users.js';
import { getRuntime } from '../../lib/runtime.js';
import type { MeResponse } from '../contracts/me.js';

export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const user = await getUser(getRuntime(), principal.sub);
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
    team: null,
  };
  return { body };
});
