import { describe, expect, it } from 'vitest';
import {
  BillingCustomerLinked,
  SubscriptionCanceled,
  SubscriptionRenewed,
  SubscriptionStarted,
  SubscriptionUpdated,
} from './events.js';
import { billingDecider, statusOf, type SubscriptionSnapshot } from './decider.js';
import { deciderSpec } from '../../../tests/support/given-when-then.js';

const given = deciderSpec(billingDecider);

const snapshot = (overrides: Partial<SubscriptionSnapshot> = {}): SubscriptionSnapshot => ({
  subscription_id: 'sub_1',
  customer_id: 'cus_1',
  provider_status: 'active',
  price_id: 'price_starter',
  tier: 'starter',
  plan_name: 'Starter',
  current_period_end: '2026-12-22T10:00:00.000Z',
  cancel_at_period_end: false,
  ...overrides,
});

const webhook = (id: string, snap: SubscriptionSnapshot | null) =>
  ({ type: 'Reconcile', user_id: 'u1', snapshot: snap, provider_event_id: id, source: 'webhook' }) as const;
const sync = (snap: SubscriptionSnapshot | null) =>
  ({ type: 'Reconcile', user_id: 'u1', snapshot: snap, provider_event_id: null, source: 'sync' }) as const;

const linked = BillingCustomerLinked.create({ user_id: 'u1', customer_id: 'cus_1', email: 'ann@example.com' });
const started = SubscriptionStarted.create({
  user_id: 'u1',
  customer_id: 'cus_1',
  subscription_id: 'sub_1',
  status: 'active',
  provider_status: 'active',
  current_period_end: '2026-12-22T10:00:00.000Z',
  cancel_at_period_end: false,
  plan_name: 'Starter',
  tier: 'starter',
  price_id: 'price_starter',
  provider_event_id: 'evt_1',
  source: 'webhook',
});

describe('billing decider', () => {
  describe('customer', () => {
    it('links the customer on the first checkout', () => {
      given([])
        .when({ type: 'LinkCustomer', user_id: 'u1', customer_id: 'cus_1', email: 'Ann@Example.com' })
        .then([linked]);
    });
    it('linking the same customer again is done already', () => {
      given([linked])
        .when({ type: 'LinkCustomer', user_id: 'u1', customer_id: 'cus_1', email: 'ann@example.com' })
        .then([]);
    });
    it('refuses a second customer for the same user', () => {
      given([linked])
        .when({ type: 'LinkCustomer', user_id: 'u1', customer_id: 'cus_2', email: 'ann@example.com' })
        .thenThrows(/already has a billing account/, 'CONFLICT');
    });
  });

  describe('reconcile', () => {
    it('starts the subscription when the provider reports it running', () => {
      given([linked]).when(webhook('evt_1', snapshot())).then([started]);
    });

    it('the same provider event delivered twice changes the state once', () => {
      // Even if the provider has moved on meanwhile, a redelivered event id is recognised.
      given([linked, started])
        .when(webhook('evt_1', snapshot({ tier: 'pro_builder', plan_name: 'Designer Pro', price_id: 'price_pro' })))
        .then([]);
    });

    it('records nothing when the provider says what the stream already knows', () => {
      given([linked, started]).when(webhook('evt_2', snapshot())).then([]);
    });

    it('records a renewal when only the period end moves forward', () => {
      given([linked, started])
        .when(webhook('evt_3', snapshot({ current_period_end: '2027-01-22T10:00:00.000Z' })))
        .then([
          SubscriptionRenewed.create({
            subscription_id: 'sub_1',
            current_period_end: '2027-01-22T10:00:00.000Z',
            previous_period_end: '2026-12-22T10:00:00.000Z',
            provider_event_id: 'evt_3',
            source: 'webhook',
          }),
        ]);
    });

    it('does not wind the period back', () => {
      given([linked, started])
        .when(webhook('evt_4', snapshot({ current_period_end: '2026-11-22T10:00:00.000Z' })))
        .then([]);
    });

    it('records a plan change with the new plan', () => {
      given([linked, started])
        .when(webhook('evt_5', snapshot({ tier: 'pro_builder', plan_name: 'Designer Pro', price_id: 'price_pro' })))
        .then([
          SubscriptionUpdated.create({
            subscription_id: 'sub_1',
            status: 'active',
            provider_status: 'active',
            current_period_end: '2026-12-22T10:00:00.000Z',
            cancel_at_period_end: false,
            plan_name: 'Designer Pro',
            tier: 'pro_builder',
            price_id: 'price_pro',
            provider_event_id: 'evt_5',
            source: 'webhook',
          }),
        ]);
    });

    it('records a cancellation scheduled for the period end as an update (still subscribed)', () => {
      given([linked, started])
        .when(webhook('evt_6', snapshot({ cancel_at_period_end: true })))
        .then((events) => {
          expect(events.map((event) => event.type)).toEqual(['SubscriptionUpdated']);
          expect(events[0]!.data).toMatchObject({ status: 'active', cancel_at_period_end: true });
        });
    });

    it('records the cancellation with plan and period end', () => {
      given([linked, started])
        .when(webhook('evt_7', snapshot({ provider_status: 'canceled' })))
        .then([
          SubscriptionCanceled.create({
            subscription_id: 'sub_1',
            provider_status: 'canceled',
            current_period_end: '2026-12-22T10:00:00.000Z',
            plan_name: 'Starter',
            tier: 'starter',
            price_id: 'price_starter',
            provider_event_id: 'evt_7',
            source: 'webhook',
          }),
        ]);
    });

    it('a sync that finds no subscription at the provider cancels the one we follow', () => {
      given([linked, started])
        .when(sync(null))
        .then((events) => {
          expect(events).toHaveLength(1);
          expect(events[0]).toMatchObject({
            type: 'SubscriptionCanceled',
            data: { subscription_id: 'sub_1', plan_name: 'Starter', source: 'sync', provider_event_id: null },
          });
        });
    });

    it('a sync with nothing at the provider and nothing running records nothing', () => {
      given([linked]).when(sync(null)).then([]);
    });

    it('ignores an unfinished checkout and a late event about another, ended subscription', () => {
      given([linked])
        .when(webhook('evt_8', snapshot({ provider_status: 'incomplete' })))
        .then([]);
      given([linked, started])
        .when(webhook('evt_9', snapshot({ subscription_id: 'sub_0', provider_status: 'canceled' })))
        .then([]);
    });

    it('starts a new subscription after the old one was canceled', () => {
      const canceled = SubscriptionCanceled.create({
        subscription_id: 'sub_1',
        provider_status: 'canceled',
        current_period_end: '2026-12-22T10:00:00.000Z',
        plan_name: 'Starter',
        tier: 'starter',
        price_id: 'price_starter',
        provider_event_id: 'evt_7',
        source: 'webhook',
      });
      given([linked, started, canceled])
        .when(
          webhook(
            'evt_10',
            snapshot({
              subscription_id: 'sub_2',
              tier: 'pro_builder',
              plan_name: 'Designer Pro',
              price_id: 'price_pro',
            }),
          ),
        )
        .then((events) =>
          expect(events).toMatchObject([
            { type: 'SubscriptionStarted', data: { subscription_id: 'sub_2', tier: 'pro_builder' } },
          ]),
        );
    });
  });

  it('evolves to the subscription the projection shows', () => {
    const state = given([linked, started], { sub: 'system', role: 'system' }).state();
    expect(state).toMatchObject({
      user_id: 'u1',
      customer_id: 'cus_1',
      status: 'active',
      plan_name: 'Starter',
      tier: 'starter',
      processed_event_ids: ['evt_1'],
    });
  });

  it('reads Stripe statuses as active, inactive or canceled', () => {
    expect(['active', 'trialing', 'past_due'].map(statusOf)).toEqual(['active', 'active', 'active']);
    expect(['canceled', 'unpaid', 'incomplete_expired'].map(statusOf)).toEqual(['canceled', 'canceled', 'canceled']);
    expect(['incomplete', 'paused'].map(statusOf)).toEqual(['inactive', 'inactive']);
  });
});
