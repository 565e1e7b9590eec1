import { userKey } from '../../consumers/projections/users.js';
import type { UserState } from '../../domain/user.js';
import type { Runtime } from '../runtime.js';

export type UserDoc = UserState & { user_id: string; team_id?: string | null };

export async function getUser(runtime: Runtime, sub: string): Promise<UserDoc | null> {
  const { active } = await runtime.views.generations();
  const item = await runtime.views.get(active, userKey(sub).pk, userKey(sub).sk);
  return item ? (JSON.parse(item.doc as string) as UserDoc) : null;
}
