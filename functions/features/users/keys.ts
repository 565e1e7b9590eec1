import type { CounterRef } from '../../platform/views/counters.js';

/** The users projection's view keys, apart from the projection so readers bundle no decider. */
export const userKey = (sub: string) => ({ pk: `user#${sub}`, sk: 'profile' });
/**
 * The Users tab's four counts share one counter item (`USERS_TAB_COUNTS`), read at once: the users and
 * the architects here, the active subscriptions (billing/keys.ts) and active designers (designers/keys.ts).
 */
export const USERS_TAB_COUNTS = 'users';
export const USERS_COUNTER: CounterRef = { item: USERS_TAB_COUNTS, field: 'users' };
/** Users listed as 'Architect': registered as clients (not admin or designer accounts) of that type. */
export const ARCHITECTS_COUNTER: CounterRef = { item: USERS_TAB_COUNTS, field: 'architects' };
/** The accounts holding the admin role, one small item each (gsi5): whom the notifications reactor tells. */
export const ADMINS_PARTITION = 'admins';
export const adminIndexKey = (sub: string) => ({ pk: `user#${sub}`, sk: 'admin' });
/**
 * What a project's card shows of its client (id, name, e-mail, company), one small item per user
 * that changes only when those do: the projects projection looks it up (Projection.lookups).
 */
export const clientCardKey = (sub: string) => ({ pk: `user#${sub}`, sk: 'card' });

/** The erasure log (gsi5, newest first by `requested_at`): one item per erased account, no personal data. */
export const ERASURES_PARTITION = 'erasures';
export const erasureLogKey = (sub: string) => ({ pk: `user#${sub}`, sk: 'erasure' });
