import type { CounterRef } from '../../platform/views/counters.js';

/** The subscriptions projection's view keys, apart from the projection so readers bundle no decider. */
export const subscriptionKey = (sub: string) => ({ pk: `subscription#${sub}`, sk: 'doc' });
export const customerPartition = (customerId: string) => `customer#${customerId}`;
export const SUBSCRIPTIONS_PARTITION = 'subscriptions';
/** One of the Users tab's counts, in their shared item (users/keys.ts USERS_TAB_COUNTS). */
export const ACTIVE_SUBSCRIPTIONS_COUNTER: CounterRef = { item: 'users', field: 'subscriptions' };
