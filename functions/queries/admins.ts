import type { UserState } from '../domain/user.js';
import { userRoles } from '../domain/user-roles.js';
import type { Runtime } from '../core/runtime.js';

/** The accounts that hold the admin role (from the users projection). */
export async function adminIds(runtime: Runtime): Promise<string[]> {
  const { active } = await runtime.views.generations();
  const items = await runtime.views.query(active, { index: 'gsi4', pk: 'users' });
  return items
    .map((item) => JSON.parse(item.doc as string) as UserState)
    .filter((user) => user.user_id && userRoles(user).includes('admin'))
    .map((user) => user.user_id!);
}
