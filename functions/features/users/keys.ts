/** The users projection's view keys, apart from the projection so readers bundle no decider. */
export const userKey = (sub: string) => ({ pk: `user#${sub}`, sk: 'profile' });
export const USERS_COUNTER = 'users';
/** Users listed as 'Architect': registered as clients (not admin or designer accounts) of that type. */
export const ARCHITECTS_COUNTER = 'users#architects';
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
