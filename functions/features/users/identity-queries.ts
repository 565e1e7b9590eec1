import { identityAliasKey } from './identity-alias-keys.js';
import type { Runtime } from '../../platform/runtime.js';

/**
 * The user id a verified token's `sub` stands for: the id of the streams it owns. That is the sub
 * itself, unless the operator's import relinked a re-created account (UserIdentityRelinked) to the
 * user it was before the pool was lost. Only that event writes an alias; an e-mail address links
 * nothing.
 */
export async function userIdOfSub(runtime: Runtime, sub: string): Promise<string> {
  const { active } = await runtime.views.generations();
  const key = identityAliasKey(sub);
  const item = await runtime.views.get(active, key.pk, key.sk);
  return item && !item.deleted && typeof item.user_id === 'string' && item.user_id ? item.user_id : sub;
}
