import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import Stripe from 'stripe';
import { newId } from '../../../functions/platform/ids.js';
import { siteUrl } from '../../../functions/features/billing/provider/config.js';
import { WebhookSignatureError, type BillingProvider } from '../../../functions/features/billing/provider/provider.js';

export interface LocalCheckoutSession {
  id: string;
  customer: string;
  user_id: string;
  price_id: string;
  success_url: string;
  cancel_url: string;
  status: 'open' | 'complete';
  subscription: string | null;
  created: number;
}

export interface LocalPortalSession {
  id: string;
  customer: string;
  return_url: string;
  created: number;
}

interface LocalCustomer {
  id: string;
  object: 'customer';
  email: string;
  metadata: Record<string, string>;
  created: number;
}

interface LocalState {
  customers: Record<string, LocalCustomer>;
  checkoutSessions: Record<string, LocalCheckoutSession>;
  portalSessions: Record<string, LocalPortalSession>;
  subscriptions: Record<string, Stripe.Subscription>;
}

export interface LocalProviderOptions {
  /** Keeps the provider's objects across restarts of `npm start` (JSON file). */
  file?: string;
  /** The webhook signing secret; a fresh random one by default. */
  signingSecret?: string;
  /** Where the checkout and portal pages are served (default: the app's SITE_URL, /local-billing/…). */
  pagesUrl?: string;
  /** Where the app's webhook route is (default: SITE_URL/api/billing/webhook). */
  webhookUrl?: string;
}

/** What the provider sends: `notify: false` changes the provider silently (a lost webhook). */
export interface ChangeOptions {
  notify?: boolean;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function addMonth(unixSeconds: number): number {
  const date = new Date(unixSeconds * 1000);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return seconds(date);
}

/**
 * A stand-in for Stripe on one machine. It keeps Stripe-shaped customers, sessions and
 * subscriptions; its checkout and portal pages (infra/local/billing) call the methods below, and
 * every change is announced like Stripe does: an event signed with the webhook signing secret
 * (`stripe.webhooks.generateTestHeaderString`) and POSTed to the app's own webhook route, where the
 * same handler as in the cloud verifies it with `stripe.webhooks.constructEvent`.
 */
export class LocalBillingProvider implements BillingProvider {
  readonly kind = 'local' as const;
  readonly signingSecret: string;
  private readonly state: LocalState;

  constructor(private readonly options: LocalProviderOptions = {}) {
    this.signingSecret = options.signingSecret ?? `whsec_local_${randomBytes(24).toString('hex')}`;
    this.state =
      options.file && existsSync(options.file)
        ? (JSON.parse(readFileSync(options.file, 'utf8')) as LocalState)
        : { customers: {}, checkoutSessions: {}, portalSessions: {}, subscriptions: {} };
  }

  private save(): void {
    if (!this.options.file) return;
    const temporary = `${this.options.file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state, null, 1));
    renameSync(temporary, this.options.file);
  }

  // ---- BillingProvider ---------------------------------------------------------------------

  async createCustomer({ user_id, email }: { user_id: string; email: string }) {
    const existing = Object.values(this.state.customers).find((customer) => customer.metadata.user_id === user_id);
    if (existing) return { customer_id: existing.id };
    const customer: LocalCustomer = {
      id: `cus_local_${newId()}`,
      object: 'customer',
      email,
      metadata: { user_id },
      created: seconds(new Date()),
    };
    this.state.customers[customer.id] = customer;
    this.save();
    return { customer_id: customer.id };
  }

  async createCheckoutSession(input: {
    customer_id: string;
    user_id: string;
    price_id: string;
    success_url: string;
    cancel_url: string;
  }) {
    const session: LocalCheckoutSession = {
      id: `cs_local_${newId()}${randomBytes(6).toString('hex')}`,
      customer: input.customer_id,
      user_id: input.user_id,
      price_id: input.price_id,
      success_url: input.success_url,
      cancel_url: input.cancel_url,
      status: 'open',
      subscription: null,
      created: seconds(new Date()),
    };
    this.state.checkoutSessions[session.id] = session;
    this.save();
    return { url: `${this.options.pagesUrl ?? `${siteUrl()}/local-billing`}/checkout/${session.id}` };
  }

  async createPortalSession(input: { customer_id: string; return_url: string }) {
    const session: LocalPortalSession = {
      id: `bps_local_${newId()}${randomBytes(6).toString('hex')}`,
      customer: input.customer_id,
      return_url: input.return_url,
      created: seconds(new Date()),
    };
    this.state.portalSessions[session.id] = session;
    this.save();
    return { url: `${this.options.pagesUrl ?? `${siteUrl()}/local-billing`}/portal/${session.id}` };
  }

  async retrieveSubscription(id: string) {
    return this.state.subscriptions[id] ?? null;
  }

  async cancelSubscription(id: string) {
    const subscription = this.state.subscriptions[id];
    if (!subscription || subscription.status === 'canceled') return;
    await this.cancelNow(id);
  }

  async *listSubscriptions() {
    yield* Object.values(this.state.subscriptions);
  }

  async verifyWebhook(rawBody: string | Buffer, signature: string | undefined) {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, this.signingSecret);
    } catch (error) {
      throw new WebhookSignatureError((error as Error).message);
    }
  }

  // ---- What the local pages do ---------------------------------------------------------------

  checkoutSession(id: string): LocalCheckoutSession | undefined {
    return this.state.checkoutSessions[id];
  }

  portalSession(id: string): LocalPortalSession | undefined {
    return this.state.portalSessions[id];
  }

  customer(id: string): LocalCustomer | undefined {
    return this.state.customers[id];
  }

  subscriptionsOf(customerId: string): Stripe.Subscription[] {
    return Object.values(this.state.subscriptions)
      .filter((subscription) => subscription.customer === customerId)
      .sort((a, b) => b.created - a.created);
  }

  /** "Pay": the session's subscription starts, and Stripe's events for it are delivered. */
  async completeCheckout(sessionId: string, options: ChangeOptions = {}): Promise<LocalCheckoutSession> {
    const session = this.state.checkoutSessions[sessionId];
    if (!session) throw new Error('No such checkout session');
    if (session.status === 'complete') return session;
    const now = seconds(new Date());
    const subscription = this.newSubscription(session, now);
    this.state.subscriptions[subscription.id] = subscription;
    session.status = 'complete';
    session.subscription = subscription.id;
    this.save();
    if (options.notify !== false) {
      await this.deliver('checkout.session.completed', this.checkoutSessionObject(session));
      await this.deliver('customer.subscription.created', subscription);
      await this.deliver('invoice.paid', this.invoiceObject(subscription));
    }
    return session;
  }

  async changePlan(subscriptionId: string, priceId: string, options: ChangeOptions = {}) {
    const subscription = this.existing(subscriptionId);
    const item = subscription.items.data[0]!;
    item.price = this.priceObject(priceId);
    (item as { plan?: unknown }).plan = undefined;
    return this.changed(subscription, options);
  }

  async cancelAtPeriodEnd(subscriptionId: string, cancel: boolean, options: ChangeOptions = {}) {
    const subscription = this.existing(subscriptionId);
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? subscription.items.data[0]!.current_period_end : null;
    return this.changed(subscription, options);
  }

  async cancelNow(subscriptionId: string, options: ChangeOptions = {}) {
    const subscription = this.existing(subscriptionId);
    const now = seconds(new Date());
    Object.assign(subscription, { status: 'canceled', canceled_at: now, ended_at: now, cancel_at_period_end: false });
    this.save();
    if (options.notify !== false) await this.deliver('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** The next billing period is paid for (Stripe's renewal: invoice.paid, then subscription.updated). */
  async renew(subscriptionId: string, options: ChangeOptions = {}) {
    const subscription = this.existing(subscriptionId);
    const item = subscription.items.data[0]!;
    item.current_period_start = item.current_period_end;
    item.current_period_end = addMonth(item.current_period_end);
    this.save();
    if (options.notify !== false) {
      await this.deliver('invoice.paid', this.invoiceObject(subscription));
      await this.deliver('customer.subscription.updated', subscription);
    }
    return subscription;
  }

  /** A Stripe-shaped event for an object, with the signed header Stripe would send. */
  signedEvent(type: string, object: unknown, options: { id?: string; timestamp?: number; secret?: string } = {}) {
    const event = {
      id: options.id ?? `evt_local_${newId()}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: seconds(new Date()),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    };
    const payload = JSON.stringify(event, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.signingSecret,
      timestamp: options.timestamp,
    });
    return { event, payload, header };
  }

  /** Sends an event to the app's webhook route (the same handler Stripe calls in the cloud). */
  async deliver(type: string, object: unknown): Promise<void> {
    const { payload, header } = this.signedEvent(type, object);
    const response = await fetch(this.options.webhookUrl ?? `${siteUrl()}/api/billing/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body: payload,
    });
    if (!response.ok) throw new Error(`The webhook answered ${response.status} to ${type}: ${await response.text()}`);
  }

  // ---- Objects --------------------------------------------------------------------------------

  private existing(subscriptionId: string): Stripe.Subscription {
    const subscription = this.state.subscriptions[subscriptionId];
    if (!subscription) throw new Error('No such subscription');
    return subscription;
  }

  private async changed(subscription: Stripe.Subscription, options: ChangeOptions) {
    this.save();
    if (options.notify !== false) await this.deliver('customer.subscription.updated', subscription);
    return subscription;
  }

  private priceObject(priceId: string): Stripe.Price {
    return {
      id: priceId,
      object: 'price',
      currency: 'usd',
      recurring: { interval: 'month', interval_count: 1 },
    } as unknown as Stripe.Price;
  }

  private newSubscription(session: LocalCheckoutSession, now: number): Stripe.Subscription {
    const id = `sub_local_${newId()}`;
    return {
      id,
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      created: now,
      start_date: now,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      livemode: false,
      metadata: { user_id: session.user_id },
      items: {
        object: 'list',
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
        data: [
          {
            id: `si_local_${newId()}`,
            object: 'subscription_item',
            subscription: id,
            quantity: 1,
            price: this.priceObject(session.price_id),
            current_period_start: now,
            current_period_end: addMonth(now),
            created: now,
            metadata: {},
          },
        ],
      },
    } as unknown as Stripe.Subscription;
  }

  private checkoutSessionObject(session: LocalCheckoutSession) {
    return {
      id: session.id,
      object: 'checkout.session',
      mode: 'subscription',
      status: session.status,
      payment_status: 'paid',
      client_reference_id: session.user_id,
      customer: session.customer,
      subscription: session.subscription,
      metadata: { user_id: session.user_id },
      success_url: session.success_url,
      cancel_url: session.cancel_url,
      created: session.created,
    };
  }

  private invoiceObject(subscription: Stripe.Subscription) {
    const item = subscription.items.data[0]!;
    return {
      id: `in_local_${newId()}`,
      object: 'invoice',
      status: 'paid',
      customer: subscription.customer,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
    };
  }
}
