import { userKey } from './keys.js';
import type { UserState } from './decider.js';
import type { Runtime } from '../../platform/runtime.js';
import { membershipOf } from '../teams/queries.js';

export type UserDoc = UserState & { user_id: string; team_id?: string | null };

/** A user's profile, with `team_id` from their team membership (the teams projection), or null. */
export async function getUser(runtime: Runtime, sub: string): Promise<UserDoc | null> {
  const { active } = await runtime.views.generations();
  const [item, membership] = await Promise.all([runtime.views.get(active, userKey(sub).pk, userKey(sub).sk), membershipOf(runtime, sub)]);
  if (!item) return null;
  const user = JSON.parse(item.doc as string) as UserDoc;
  return { ...user, team_id: membership?.status === 'active' ? membership.team_id : null };
}
