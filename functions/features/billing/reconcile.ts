import type Stripe from 'stripe';
import { SYSTEM_ACTOR, type Actor } from '../../../events/envelope.js';
import { billingDecider, billingStream, statusOf, type SubscriptionSnapshot } from './decider.js';
import { runCommand } from '../../platform/event-store/command.js';
import { getUser } from '../users/queries.js';
import type { Appending } from '../../platform/runtime.js';
import { customerOf, snapshotOf, userOfSubscription, type BillingProvider } from './provider/provider.js';
import { listBilling, userOfCustomer } from './queries.js';
import type { SyncDetail, SyncReport } from './contracts.js';

/** The Stripe event types that can change a subscription; every other type is acknowledged and ignored. */
export const HANDLED_EVENT_TYPES = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'invoice.paid',
  'invoice.payment_succeeded',
  'invoice.payment_failed',
]);

interface EventTarget {
  subscriptionId: string;
  /** The user the event itself names (checkout's client_reference_id), if it does. */
  userId: string | null;
}

type Loose = Record<string, any>;

/** Which subscription (and maybe which user) an event is about. */
export function targetOf(event: Stripe.Event): EventTarget | null {
  const object = event.data.object as Loose;
  switch (event.type) {
    case 'checkout.session.completed':
      if (object.mode !== 'subscription' || !object.subscription) return null;
      return {
        subscriptionId: typeof object.subscription === 'string' ? object.subscription : object.subscription.id,
        userId: object.client_reference_id ?? object.metadata?.user_id ?? null,
      };
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed': {
      // API 2025-03-31 and later: parent.subscription_details.subscription; before: invoice.subscription.
      const reference = object.parent?.subscription_details?.subscription ?? object.subscription;
      if (!reference) return null;
      return { subscriptionId: typeof reference === 'string' ? reference : reference.id, userId: null };
    }
    default:
      if (event.type.startsWith('customer.subscription.')) return { subscriptionId: object.id, userId: null };
      return null;
  }
}

export interface WebhookOutcome {
  applied: number;
  ignored?: string;
}

/**
 * A verified provider event: read the subscription as the provider has it now (so events that
 * arrive late or out of order cannot wind the state back), find its user, and let the decider
 * record what changed, remembering the event id.
 */
export async function applyProviderEvent(
  event: Stripe.Event,
  provider: BillingProvider,
  runtime: Appending,
): Promise<WebhookOutcome> {
  if (!HANDLED_EVENT_TYPES.has(event.type)) return { applied: 0, ignored: `event type ${event.type}` };
  const target = targetOf(event);
  if (!target) return { applied: 0, ignored: 'no subscription in the event' };
  const subscription = await provider.retrieveSubscription(target.subscriptionId);
  if (!subscription) return { applied: 0, ignored: `unknown subscription ${target.subscriptionId}` };
  const userId =
    target.userId ?? userOfSubscription(subscription) ?? (await userOfCustomer(runtime, customerOf(subscription)));
  if (!userId) return { applied: 0, ignored: `no user for customer ${customerOf(subscription)}` };
  const result = await runCommand(
    billingDecider,
    billingStream(userId),
    {
      type: 'Reconcile',
      user_id: userId,
      snapshot: snapshotOf(subscription),
      provider_event_id: event.id,
      source: 'webhook',
    },
    { actor: SYSTEM_ACTOR, correlationId: event.id },
    runtime,
  );
  return { applied: result.events.length };
}

export type { SyncReport } from './contracts.js';

const RANK: Record<string, number> = { active: 2, inactive: 1, canceled: 0 };

/** Of a customer's subscriptions, the one that matters: running before ended, then the newest. */
function better(a: Stripe.Subscription, b: Stripe.Subscription): Stripe.Subscription {
  const rank = RANK[statusOf(b.status)]! - RANK[statusOf(a.status)]!;
  if (rank !== 0) return rank > 0 ? b : a;
  return b.created > a.created ? b : a;
}

/**
 * sync-all-subscriptions: every subscription the provider has, matched to its user, plus every
 * user we know with a billing account, each reconciled with what the provider says now.
 */
export async function syncAll(provider: BillingProvider, runtime: Appending, actor: Actor): Promise<SyncReport> {
  const known = await listBilling(runtime);
  const byCustomer = new Map(known.filter((doc) => doc.customer_id).map((doc) => [doc.customer_id!, doc.user_id]));
  const latest = new Map<string, Stripe.Subscription>();
  const unmatched: SyncDetail[] = [];

  for await (const subscription of provider.listSubscriptions()) {
    const userId = userOfSubscription(subscription) ?? byCustomer.get(customerOf(subscription)) ?? null;
    if (!userId) {
      unmatched.push({
        user_id: '',
        email: null,
        status: 'error',
        subscription_status: statusOf(subscription.status),
        plan_name: snapshotOf(subscription).plan_name,
        message: `No user for customer ${customerOf(subscription)}`,
      });
      continue;
    }
    const previous = latest.get(userId);
    latest.set(userId, previous ? better(previous, subscription) : subscription);
  }

  const users = [...new Set([...known.map((doc) => doc.user_id), ...latest.keys()])];
  const details: SyncDetail[] = [];
  // A few at a time: the provider (Stripe) limits the request rate.
  for (let i = 0; i < users.length; i += 4) {
    details.push(
      ...(await Promise.all(
        users.slice(i, i + 4).map((userId) => syncUser(userId, latest.get(userId), runtime, actor)),
      )),
    );
  }
  details.push(...unmatched);
  return {
    updated: details.filter((detail) => detail.status === 'updated').length,
    total: users.length,
    errors: details.filter((detail) => detail.status === 'error').length,
    details,
  };
}

async function syncUser(
  userId: string,
  subscription: Stripe.Subscription | undefined,
  runtime: Appending,
  actor: Actor,
): Promise<SyncDetail> {
  const email = (await getUser(runtime, userId).catch(() => null))?.email ?? null;
  try {
    const snapshot: SubscriptionSnapshot | null = subscription ? snapshotOf(subscription) : null;
    const result = await runCommand(
      billingDecider,
      billingStream(userId),
      { type: 'Reconcile', user_id: userId, snapshot, provider_event_id: null, source: 'sync' },
      { actor },
      runtime,
    );
    return {
      user_id: userId,
      email,
      status: result.events.length > 0 ? 'updated' : 'unchanged',
      subscription_status: result.state.status,
      plan_name: result.state.plan_name,
    };
  } catch (error) {
    return {
      user_id: userId,
      email,
      status: 'error',
      subscription_status: null,
      plan_name: null,
      message: (error as Error).message,
    };
  }
}
