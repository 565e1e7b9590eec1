import { customerPartition, subscriptionKey, SUBSCRIPTIONS_PARTITION } from './keys.js';
import type { BillingState } from './state.js';
import { initialBillingState, isSubscribed } from './state.js';
import type { Runtime } from '../../platform/runtime.js';
import type { SubscriptionView } from './contracts.js';

export type BillingDoc = Omit<BillingState, 'processed_event_ids'> & { user_id: string };

export type { SubscriptionView } from './contracts.js';

const parse = (doc: unknown) => JSON.parse(doc as string) as BillingDoc;

export async function getBilling(runtime: Runtime, sub: string): Promise<BillingDoc | null> {
  const { active } = await runtime.views.generations();
  const key = subscriptionKey(sub);
  const item = await runtime.views.get(active, key.pk, key.sk);
  return item ? parse(item.doc) : null;
}

export async function listBilling(runtime: Runtime): Promise<BillingDoc[]> {
  const { active } = await runtime.views.generations();
  const items = await runtime.views.query(active, { index: 'gsi4', pk: SUBSCRIPTIONS_PARTITION }, { ascending: true });
  return items.map((item) => parse(item.doc));
}

/** The user whose billing account is this provider customer, if any. */
export async function userOfCustomer(runtime: Runtime, customerId: string): Promise<string | null> {
  const { active } = await runtime.views.generations();
  const [item] = await runtime.views.query(active, { index: 'gsi1', pk: customerPartition(customerId) }, { limit: 1 });
  return item ? parse(item.doc).user_id : null;
}

export function subscriptionView(doc: Omit<BillingDoc, 'user_id'> | null): SubscriptionView {
  const state = doc ?? initialBillingState();
  return {
    subscribed: isSubscribed(state),
    plan_name: state.plan_name,
    tier: state.tier,
    status: state.status,
    current_period_end: state.current_period_end,
    cancel_at_period_end: state.cancel_at_period_end,
  };
}

/** The billing projection's keys and counter the admin's user list reads. */
export { ACTIVE_SUBSCRIPTIONS_COUNTER, subscriptionKey } from './keys.js';
