import { billingEvolution, type BillingState } from './state.js';
import type { Projection } from '../../platform/views/projection.js';
import type { ViewItem } from '../../platform/views/views.js';
import { ACTIVE_SUBSCRIPTIONS_COUNTER, customerPartition, SUBSCRIPTIONS_PARTITION, subscriptionKey } from './keys.js';

export { ACTIVE_SUBSCRIPTIONS_COUNTER, customerPartition, SUBSCRIPTIONS_PARTITION, subscriptionKey };

/**
 * The billing account and subscription of each user (check-subscription, the admin's user list,
 * sync-all). gsi1: by the provider's customer id (webhooks that name only the customer);
 * gsi4: every user with a billing account.
 */
export const subscriptionsProjection: Projection<BillingState> = {
  name: 'subscriptions',
  streamPrefix: 'billing-',
  ...billingEvolution,
  items(state, streamId) {
    const userId = state.user_id ?? streamId.slice('billing-'.length);
    if (!state.customer_id && !state.subscription_id) return [];
    const { processed_event_ids: _seen, ...doc } = state;
    const item: ViewItem = {
      ...subscriptionKey(userId),
      gsi4pk: SUBSCRIPTIONS_PARTITION,
      gsi4sk: userId,
      doc: JSON.stringify({ ...doc, user_id: userId }),
    };
    if (state.customer_id)
      Object.assign(item, { gsi1pk: customerPartition(state.customer_id), gsi1sk: `billing#${userId}` });
    return [item];
  },
  counters: (state) => (state.status === 'active' ? [ACTIVE_SUBSCRIPTIONS_COUNTER] : []),
};
