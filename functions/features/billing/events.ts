import * as z from '../../../events/zod.js';
import { personal, plain } from '../../../events/personal.js';
import { defineEvent, type EventOf } from '../../../events/catalogue.js';
import { TIERS } from '../../../shared/plans.js';

/**
 * Stream `billing-<sub>`: the user's billing account and subscription, as the payment provider
 * (Stripe) reports it. Every subscription event names the provider event it came from (null when
 * an admin's sync found the change), which makes webhook deliveries idempotent.
 */

/** Our reading of the provider's status (docs/product.md#records: active, inactive, canceled). */
export const SUBSCRIPTION_STATUSES = ['active', 'inactive', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const RECONCILE_SOURCES = ['webhook', 'sync'] as const;
export type ReconcileSource = (typeof RECONCILE_SOURCES)[number];

/** The payment provider's own references: kept for the invoices the law makes the studio keep. */
const providerRef = <S extends z.ZodMiniType>(schema: S) =>
  plain(schema, "The payment provider's reference, kept with the invoices the law requires");

const origin = () => ({
  /** The provider's event id (Stripe `evt_...`), null for a sync. */
  provider_event_id: providerRef(z.nullable(z.string().check(z.minLength(1)))),
  source: z.enum(RECONCILE_SOURCES),
});

const plan = () => ({
  plan_name: plain(z.nullable(z.string().check(z.minLength(1))), "The plan's name from the price list"),
  tier: z.nullable(z.enum(TIERS)),
  price_id: providerRef(z.nullable(z.string().check(z.minLength(1)))),
});

const subscription = () => ({
  subscription_id: providerRef(z.string().check(z.minLength(1))),
  status: z.enum(SUBSCRIPTION_STATUSES),
  /** The provider's own status word (active, trialing, past_due, canceled, ...). */
  provider_status: plain(z.string().check(z.minLength(1)), "The provider's status word"),
  current_period_end: z.nullable(z.iso.datetime()),
  cancel_at_period_end: z.boolean(),
});

/** The user's customer record at the provider, made before the first checkout. */
export const BillingCustomerLinked = /* @__PURE__ */ defineEvent('BillingCustomerLinked', () =>
  z.object({
    user_id: plain(z.string().check(z.minLength(1)), 'The account id'),
    customer_id: providerRef(z.string().check(z.minLength(1))),
    email: personal(z.email().check(z.toLowerCase()), {
      what: 'Billing e-mail address',
      why: "The customer's address at the payment provider",
      erased: 'deleted-user@erased.invalid',
    }),
  }),
);

export const SubscriptionStarted = /* @__PURE__ */ defineEvent('SubscriptionStarted', () =>
  z.object({
    user_id: plain(z.string().check(z.minLength(1)), 'The account id'),
    customer_id: providerRef(z.string().check(z.minLength(1))),
    ...subscription(),
    ...plan(),
    ...origin(),
  }),
);

/** A new billing period was paid for: only the period end moved. */
export const SubscriptionRenewed = /* @__PURE__ */ defineEvent('SubscriptionRenewed', () =>
  z.object({
    subscription_id: providerRef(z.string().check(z.minLength(1))),
    current_period_end: z.iso.datetime(),
    previous_period_end: z.nullable(z.iso.datetime()),
    ...origin(),
  }),
);

/** Plan, status or cancel-at-period-end changed. */
export const SubscriptionUpdated = /* @__PURE__ */ defineEvent('SubscriptionUpdated', () =>
  z.object({ ...subscription(), ...plan(), ...origin() }),
);

export const SubscriptionCanceled = /* @__PURE__ */ defineEvent('SubscriptionCanceled', () =>
  z.object({
    subscription_id: providerRef(z.string().check(z.minLength(1))),
    provider_status: plain(z.string().check(z.minLength(1)), "The provider's status word"),
    current_period_end: z.nullable(z.iso.datetime()),
    ...plan(),
    ...origin(),
  }),
);

export const billingEvents = [
  BillingCustomerLinked,
  SubscriptionStarted,
  SubscriptionRenewed,
  SubscriptionUpdated,
  SubscriptionCanceled,
];

/** Every event of the billing stream, as a fold reads them. */
export type BillingEvent = EventOf<(typeof billingEvents)[number]>;
