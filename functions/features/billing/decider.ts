import {
  BillingCustomerLinked,
  SubscriptionCanceled,
  SubscriptionRenewed,
  SubscriptionStarted,
  SubscriptionUpdated,
  type ReconcileSource,
  type SubscriptionStatus,
} from './events.js';
import type { NewEvent } from '../../../events/envelope.js';
import type { Tier } from '../../../shared/plans.js';
import { evolveBilling, initialBillingState, type BillingState } from './state.js';
import type { Decider } from '../../platform/decider.js';
import { conflict } from '../../platform/domain-errors.js';

/** The state and its fold live in state.ts; they are named here too for the command side. */
export { billingEvolution, billingStream } from './state.js';
export type { BillingState } from './state.js';

/**
 * A subscription as the provider reports it right now, already read into our terms (the billing
 * adapter maps Stripe's object and its price id to this). The decider compares it with what the
 * stream knows and records the difference.
 */
export interface SubscriptionSnapshot {
  subscription_id: string;
  customer_id: string;
  provider_status: string;
  price_id: string | null;
  tier: Tier | null;
  plan_name: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

export type BillingCommand =
  | { type: 'LinkCustomer'; user_id: string; customer_id: string; email: string }
  | {
      type: 'Reconcile';
      user_id: string;
      /** What the provider has now; null when it has no subscription for this user. */
      snapshot: SubscriptionSnapshot | null;
      provider_event_id: string | null;
      source: ReconcileSource;
    };

/** Stripe's statuses in the product's three words: paying (or about to retry) is active. */
export function statusOf(providerStatus: string): SubscriptionStatus {
  switch (providerStatus) {
    case 'active':
    case 'trialing':
    case 'past_due':
      return 'active';
    case 'canceled':
    case 'unpaid':
    case 'incomplete_expired':
      return 'canceled';
    default:
      return 'inactive';
  }
}

function reconcile(command: Extract<BillingCommand, { type: 'Reconcile' }>, state: BillingState): NewEvent[] {
  const { snapshot } = command;
  const origin = { provider_event_id: command.provider_event_id, source: command.source };
  if (command.provider_event_id && state.processed_event_ids.includes(command.provider_event_id)) return [];

  if (!snapshot) {
    // The provider has nothing for this user: whatever we thought was running has ended.
    if (!state.subscription_id || state.status === 'canceled') return [];
    return [
      SubscriptionCanceled.create({
        subscription_id: state.subscription_id,
        provider_status: 'canceled',
        current_period_end: state.current_period_end,
        plan_name: state.plan_name,
        tier: state.tier,
        price_id: state.price_id,
        ...origin,
      }),
    ];
  }

  const status = statusOf(snapshot.provider_status);
  const details = {
    subscription_id: snapshot.subscription_id,
    status,
    provider_status: snapshot.provider_status,
    current_period_end: snapshot.current_period_end,
    cancel_at_period_end: snapshot.cancel_at_period_end,
    plan_name: snapshot.plan_name,
    tier: snapshot.tier,
    price_id: snapshot.price_id,
  };

  if (snapshot.subscription_id !== state.subscription_id) {
    // Another subscription than the one we follow: it counts once it is running. A late event
    // about an older or unfinished one changes nothing.
    if (status !== 'active') return [];
    return [
      SubscriptionStarted.create({
        user_id: command.user_id,
        customer_id: snapshot.customer_id,
        ...details,
        ...origin,
      }),
    ];
  }

  if (status === 'canceled') {
    if (state.status === 'canceled') return [];
    return [
      SubscriptionCanceled.create({
        subscription_id: snapshot.subscription_id,
        provider_status: snapshot.provider_status,
        current_period_end: snapshot.current_period_end ?? state.current_period_end,
        plan_name: snapshot.plan_name ?? state.plan_name,
        tier: snapshot.tier ?? state.tier,
        price_id: snapshot.price_id ?? state.price_id,
        ...origin,
      }),
    ];
  }

  const changed =
    status !== state.status ||
    snapshot.provider_status !== state.provider_status ||
    snapshot.price_id !== state.price_id ||
    snapshot.tier !== state.tier ||
    snapshot.plan_name !== state.plan_name ||
    snapshot.cancel_at_period_end !== state.cancel_at_period_end;
  if (changed) return [SubscriptionUpdated.create({ ...details, ...origin })];

  if (snapshot.current_period_end && snapshot.current_period_end > (state.current_period_end ?? '')) {
    return [
      SubscriptionRenewed.create({
        subscription_id: snapshot.subscription_id,
        current_period_end: snapshot.current_period_end,
        previous_period_end: state.current_period_end,
        ...origin,
      }),
    ];
  }
  return [];
}

export const billingDecider: Decider<BillingCommand, BillingState> = {
  // The functions themselves, not the Evolution's properties: the bundler can then drop an unused decider.
  initialState: initialBillingState,
  evolve: evolveBilling,
  decide(command, state) {
    switch (command.type) {
      case 'LinkCustomer': {
        if (state.customer_id === command.customer_id) return [];
        // One customer per user: the first link wins, a racing second one is not recorded.
        if (state.customer_id) throw conflict('This user already has a billing account');
        const { type: _type, ...data } = command;
        return [BillingCustomerLinked.create(data)];
      }
      case 'Reconcile':
        return reconcile(command, state);
    }
  },
};
