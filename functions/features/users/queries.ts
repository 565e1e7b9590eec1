import { canonicalEmail } from '#shared/email.js';
import { ADMINS_PARTITION, ERASURES_PARTITION, userKey } from './keys.js';
import type { UserState } from './state.js';
import type { ErasureLogEntry } from './erasure-contracts.js';
import type { Runtime } from '../../platform/runtime.js';
import { membershipOf } from '../teams/queries.js';

export type UserDoc = UserState & { user_id: string; team_id?: string | null };

/** A user's profile, with `team_id` from their team membership (the teams projection), or null. */
/**
 * The team a caller acts for: their active membership's, else null. One query, no profile read:
 * what an access rule needs of the caller beyond the token.
 */
export async function activeTeamOf(runtime: Runtime, sub: string): Promise<string | null> {
  const membership = await membershipOf(runtime, sub);
  return membership?.status === 'active' ? membership.team_id : null;
}

export async function getUser(runtime: Runtime, sub: string): Promise<UserDoc | null> {
  const { active } = await runtime.views.generations();
  const [item, membership] = await Promise.all([
    runtime.views.get(active, userKey(sub).pk, userKey(sub).sk),
    membershipOf(runtime, sub),
  ]);
  if (!item) return null;
  const user = JSON.parse(item.doc as string) as UserDoc;
  return { ...user, team_id: membership?.status === 'active' ? membership.team_id : null };
}

/** The profiles of many users in one batch read (the users projection), by id. Unknown ids are absent. */
export async function profilesOf(runtime: Runtime, ids: Iterable<string>): Promise<Map<string, UserDoc>> {
  const unique = [...new Set([...ids].filter(Boolean))];
  if (unique.length === 0) return new Map();
  const { active } = await runtime.views.generations();
  const items = await runtime.views.batchGet(active, unique.map(userKey));
  const profiles = new Map<string, UserDoc>();
  for (const item of items) {
    const user = JSON.parse(item.doc as string) as UserDoc;
    if (user.user_id) profiles.set(user.user_id, user);
  }
  return profiles;
}

/** The users projection's keys other features read (batch reads, the project cards' lookup). */
export { clientCardKey, userKey } from './keys.js';

/** The accounts that hold the admin role: one index item each, kept by the users projection. */
export async function adminIds(runtime: Runtime): Promise<string[]> {
  const { active } = await runtime.views.generations();
  const items = await runtime.views.query(active, { index: 'gsi5', pk: ADMINS_PARTITION });
  return items.map((item) => item.user_id).filter((id): id is string => typeof id === 'string');
}

/** The user who registered with this address (canonical form), or null. */
export async function userByEmail(runtime: Runtime, email: string): Promise<UserDoc | null> {
  const { active } = await runtime.views.generations();
  const [item] = await runtime.views.query(
    active,
    { index: 'gsi1', pk: `email#${canonicalEmail(email)}` },
    { limit: 1 },
  );
  return item ? (JSON.parse(item.doc as string) as UserDoc) : null;
}

export type { ErasureLogEntry } from './erasure-contracts.js';

/** How many erasures the log shows at most, newest first. */
export const ERASURE_LOG_MAX = 500;

/** The erasure log, newest first: who asked, when, the reference, when it was done. */
export async function erasureLog(runtime: Runtime): Promise<ErasureLogEntry[]> {
  const { active } = await runtime.views.generations();
  const items = await runtime.views.query(
    active,
    { index: 'gsi5', pk: ERASURES_PARTITION },
    { limit: ERASURE_LOG_MAX, ascending: false },
  );
  return items.map((item) => JSON.parse(item.doc as string) as ErasureLogEntry);
}
