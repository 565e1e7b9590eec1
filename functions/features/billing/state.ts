import type { BillingState } from './decider.js';

/* The billing state's start and its one question readers ask, apart from the billing decider so the
   subscription check bundles neither the decider nor its event schemas. */
export const initialBillingState = (): BillingState => ({
  user_id: null,
  customer_id: null,
  email: null,
  subscription_id: null,
  status: 'inactive',
  provider_status: null,
  plan_name: null,
  tier: null,
  price_id: null,
  current_period_end: null,
  cancel_at_period_end: false,
  updated_at: null,
  processed_event_ids: [],
});

export const isSubscribed = (state: Pick<BillingState, 'status'>) => state.status === 'active';
