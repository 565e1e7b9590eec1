import type Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planForPrice, priceIdFor } from '../../functions/features/billing/provider/config.js';
import { snapshotOf } from '../../functions/features/billing/provider/provider.js';
import { targetOf } from '../../functions/features/billing/reconcile.js';

const subscription = (overrides: Record<string, unknown> = {}) =>
  ({
    id: 'sub_1',
    object: 'subscription',
    customer: 'cus_1',
    status: 'active',
    cancel_at_period_end: false,
    metadata: { user_id: 'u1' },
    items: { data: [{ price: { id: 'price_pro_live' }, current_period_end: 1_800_000_000 }] },
    ...overrides,
  }) as unknown as Stripe.Subscription;

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', type, data: { object } }) as unknown as Stripe.Event;

afterEach(() => vi.unstubAllEnvs());

describe('Stripe objects in our terms', () => {
  it('maps a subscription to a snapshot, the plan from the configured price ids', () => {
    vi.stubEnv('STRIPE_PRICE_STARTER', 'price_starter_live');
    vi.stubEnv('STRIPE_PRICE_PRO_BUILDER', 'price_pro_live');
    expect(snapshotOf(subscription())).toEqual({
      subscription_id: 'sub_1',
      customer_id: 'cus_1',
      provider_status: 'active',
      price_id: 'price_pro_live',
      tier: 'pro_builder',
      plan_name: 'Designer Pro',
      current_period_end: new Date(1_800_000_000_000).toISOString(),
      cancel_at_period_end: false,
    });
  });

  it('reads the period end from an older API version too, and an expanded customer', () => {
    const old = subscription({
      customer: { id: 'cus_9' },
      current_period_end: 1_700_000_000,
      items: { data: [{ price: { id: 'price_other' } }] },
    });
    expect(snapshotOf(old)).toMatchObject({
      customer_id: 'cus_9',
      current_period_end: new Date(1_700_000_000_000).toISOString(),
      tier: null,
      plan_name: null,
    });
  });

  it('uses local price ids without Stripe, and insists on configured ones with Stripe', () => {
    vi.stubEnv('STRIPE_SECRET_KEY', '');
    vi.stubEnv('STRIPE_SECRET_ARN', '');
    vi.stubEnv('STRIPE_PRICE_STARTER', '');
    expect(priceIdFor('starter')).toBe('price_local_starter');
    expect(planForPrice('price_local_pro_builder')?.name).toBe('Designer Pro');
    vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_x');
    expect(() => priceIdFor('starter')).toThrow('Missing environment variable STRIPE_PRICE_STARTER');
  });

  it('finds the subscription (and user) each event type is about', () => {
    expect(
      targetOf(
        event('checkout.session.completed', { mode: 'subscription', subscription: 'sub_1', client_reference_id: 'u1' }),
      ),
    ).toEqual({ subscriptionId: 'sub_1', userId: 'u1' });
    expect(targetOf(event('checkout.session.completed', { mode: 'payment', subscription: null }))).toBeNull();
    expect(targetOf(event('customer.subscription.deleted', { id: 'sub_2' }))).toEqual({
      subscriptionId: 'sub_2',
      userId: null,
    });
    expect(targetOf(event('invoice.paid', { parent: { subscription_details: { subscription: 'sub_3' } } }))).toEqual({
      subscriptionId: 'sub_3',
      userId: null,
    });
    expect(targetOf(event('invoice.paid', { subscription: 'sub_4' }))).toEqual({
      subscriptionId: 'sub_4',
      userId: null,
    });
    expect(targetOf(event('invoice.paid', { parent: null }))).toBeNull();
  });
});
