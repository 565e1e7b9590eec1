import { ADMINS_PARTITION } from './keys.js';
import type { Runtime } from '../../platform/runtime.js';

/** The accounts that hold the admin role: one index item each, kept by the users projection. */
export async function adminIds(runtime: Runtime): Promise<string[]> {
  const { active } = await runtime.views.generations();
  const items = await runtime.views.query(active, { index: 'gsi5', pk: ADMINS_PARTITION });
  return items.map((item) => item.user_id).filter((id): id is string => typeof id === 'string');
}
