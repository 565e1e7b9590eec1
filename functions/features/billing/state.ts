import type { OneOf } from '../../../events/catalogue.js';
import type { BillingEvent, SubscriptionStatus } from './events.js';
import type { Tier } from '../../../shared/plans.js';
import type { Evolution, EvolvingEvent } from '../../platform/decider.js';

/*
 * A user's billing account as folded from its stream (`billing-<sub>`): what the decider decides on
 * and what the read model keeps, apart from the decider so that reads carry none of the command rules.
 */

export const billingStream = (sub: string) => `billing-${sub}`;

export interface BillingState {
  user_id: string | null;
  customer_id: string | null;
  email: string | null;
  subscription_id: string | null;
  status: SubscriptionStatus;
  provider_status: string | null;
  plan_name: string | null;
  tier: Tier | null;
  price_id: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
  updated_at: string | null;
  /** Provider events already applied (newest last, bounded): a redelivery changes nothing. */
  processed_event_ids: string[];
}

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

/** What the subscription check asks. */
export const isSubscribed = (state: Pick<BillingState, 'status'>) => state.status === 'active';

const MAX_REMEMBERED_EVENTS = 200;

function remember(state: BillingState, eventId: unknown): string[] {
  if (typeof eventId !== 'string' || !eventId) return state.processed_event_ids;
  return [...state.processed_event_ids, eventId].slice(-MAX_REMEMBERED_EVENTS);
}

export function evolveBilling(state: BillingState, event: EvolvingEvent): BillingState {
  const at = { updated_at: event.at };
  const e = event as OneOf<BillingEvent, EvolvingEvent>;
  switch (e.type) {
    case 'BillingCustomerLinked': {
      const { data } = e;
      return { ...state, ...at, user_id: data.user_id, customer_id: data.customer_id, email: data.email };
    }
    case 'SubscriptionStarted': {
      const { provider_event_id, source: _source, ...data } = e.data;
      return { ...state, ...data, ...at, processed_event_ids: remember(state, provider_event_id) };
    }
    case 'SubscriptionUpdated': {
      const { provider_event_id, source: _source, ...data } = e.data;
      return { ...state, ...data, ...at, processed_event_ids: remember(state, provider_event_id) };
    }
    case 'SubscriptionRenewed': {
      const { data } = e;
      return {
        ...state,
        ...at,
        current_period_end: data.current_period_end,
        processed_event_ids: remember(state, data.provider_event_id),
      };
    }
    case 'SubscriptionCanceled': {
      const { data } = e;
      return {
        ...state,
        ...at,
        status: 'canceled',
        provider_status: data.provider_status,
        current_period_end: data.current_period_end,
        cancel_at_period_end: false,
        processed_event_ids: remember(state, data.provider_event_id),
      };
    }
    default:
      return state;
  }
}

/** Folds a stream's events without the decider's rules (decider.ts: Evolution). */
export const billingEvolution: Evolution<BillingState> = { initialState: initialBillingState, evolve: evolveBilling };
