import type Stripe from 'stripe';
import type { SubscriptionSnapshot } from '../decider.js';
import { planForPrice, stripeConfigured } from './config.js';

/**
 * The billing adapter. Stripe in the cloud; in the embedded runtime (no Stripe key) a local
 * provider that keeps Stripe-shaped objects, shows its own checkout page and sends itself signed
 * webhook events. Both speak Stripe's object and event shapes, so everything above this line
 * (webhook handler, sync) is the same code in both places.
 */
export interface BillingProvider {
  readonly kind: 'stripe' | 'local';
  createCustomer(input: { user_id: string; email: string }): Promise<{ customer_id: string }>;
  createCheckoutSession(input: {
    customer_id: string;
    user_id: string;
    price_id: string;
    success_url: string;
    cancel_url: string;
  }): Promise<{ url: string }>;
  createPortalSession(input: { customer_id: string; return_url: string }): Promise<{ url: string }>;
  /** null when the provider does not know the subscription. */
  retrieveSubscription(id: string): Promise<Stripe.Subscription | null>;
  /**
   * Ends the subscription now (an erased account's). A subscription the provider no longer knows, or
   * already ended, is not an error. The customer and its invoices stay with the provider.
   */
  cancelSubscription(id: string): Promise<void>;
  /** Every subscription of every customer, in any status. */
  listSubscriptions(): AsyncIterable<Stripe.Subscription>;
  /** Verifies the `Stripe-Signature` header over the raw body; throws WebhookSignatureError. */
  verifyWebhook(rawBody: string | Buffer, signature: string | undefined): Promise<Stripe.Event>;
}

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The payment provider could not be reached or is failing (its 5xx, its rate limit, a connection
 * that dropped or stayed silent), after its client's own retries: a 503 with a retry hint, and a
 * webhook delivery Stripe will repeat. The name is one the HTTP layer counts as transient.
 */
export class BillingUnavailableError extends Error {
  constructor(options: { cause: unknown }) {
    super('The payment provider is unavailable right now', options);
    this.name = 'ServiceUnavailable';
  }
}

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Reads a Stripe subscription into the decider's terms (plan from our price ids). */
export function snapshotOf(subscription: Stripe.Subscription): SubscriptionSnapshot {
  const item = subscription.items?.data?.[0];
  const priceId = item?.price?.id ?? null;
  const plan = planForPrice(priceId);
  // Since API version 2025-03-31 the billing period lives on the items; older objects had it on top.
  const periodEnd =
    item?.current_period_end ?? (subscription as unknown as { current_period_end?: number }).current_period_end ?? null;
  return {
    subscription_id: subscription.id,
    customer_id: idOf(subscription.customer)!,
    provider_status: subscription.status,
    price_id: priceId,
    tier: plan?.tier ?? null,
    plan_name: plan?.name ?? null,
    current_period_end: periodEnd ? new Date(periodEnd * 1000).toISOString() : null,
    cancel_at_period_end: !!subscription.cancel_at_period_end,
  };
}

/** The user a subscription belongs to, if the checkout recorded it (subscription_data.metadata). */
export const userOfSubscription = (subscription: Stripe.Subscription): string | null =>
  subscription.metadata?.user_id || null;

export const customerOf = (subscription: Stripe.Subscription): string => idOf(subscription.customer)!;

let current: BillingProvider | undefined;

/**
 * The provider for this process: installed by the embedded runtime or tests (the local provider,
 * which lives under infra/local so no Lambda bundle carries it), else Stripe from the environment.
 */
export async function billingProvider(): Promise<BillingProvider> {
  if (current) return current;
  if (!stripeConfigured()) {
    throw new Error(
      'Stripe is not configured: set STRIPE_SECRET_ARN (or STRIPE_SECRET_KEY) and STRIPE_WEBHOOK_SECRET.',
    );
  }
  const { StripeBillingProvider } = await import('./stripe-provider.js');
  current = new StripeBillingProvider();
  return current;
}

export function setBillingProvider(provider: BillingProvider | undefined): void {
  current = provider;
}
