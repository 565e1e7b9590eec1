/** The subscriptions projection's view keys, apart from the projection so readers bundle no decider. */
export const subscriptionKey = (sub: string) => ({ pk: `subscription#${sub}`, sk: 'doc' });
export const customerPartition = (customerId: string) => `customer#${customerId}`;
export const SUBSCRIPTIONS_PARTITION = 'subscriptions';
export const ACTIVE_SUBSCRIPTIONS_COUNTER = 'subscriptions#active';
