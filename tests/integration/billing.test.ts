import type { APIGatewayProxyEventV2WithJWTAuthorizer, Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as webhookHandler } from '../../functions/features/billing/http/webhook.js';
import { LocalBillingProvider } from '../../infra/local/billing/local-provider.js';
import { billingProvider } from '../../functions/features/billing/provider/provider.js';
import { TestStack, type TestUser } from '../support/stack.js';

let stack: TestStack;
let provider: LocalBillingProvider;

beforeAll(async () => {
  stack = await TestStack.start();
  const installed = await billingProvider();
  if (!(installed instanceof LocalBillingProvider))
    throw new Error('The embedded runtime should install the local billing provider');
  provider = installed;
});
afterAll(() => stack?.stop());

async function postWebhook(payload: string, signature?: string) {
  const response = await fetch(`${stack.url}/api/billing/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/**
 * A client who checked out and paid (the provider's webhooks delivered): each test that needs a
 * subscriber makes its own, so none depends on what another left behind.
 */
async function subscriber() {
  const user = await stack.signUpClient();
  const checkout = await stack.api('POST', '/api/billing/checkout', { user, body: { tier: 'starter' } });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  await provider.completeCheckout(checkout.body.url.split('/').pop()!);
  await stack.settle();
  const subscriptionId = provider.subscriptionsOf(
    (await provider.createCustomer({ user_id: user.sub, email: user.email })).customer_id,
  )[0]!.id;
  return { user, subscriptionId };
}

/** The sync's line about `user`; the totals count every billing account in the store, which other tests add to. */
const syncLine = (report: { details: { user_id: string }[] }, user: TestUser) =>
  report.details.find((line) => line.user_id === user.sub);

const billingEvents = async (user: TestUser) =>
  (await stack.local.runtime.store.readStream(`billing-${user.sub}`)).events.map((event) => event.type);

describe('checkout through the local provider', () => {
  it('check-subscription answers not subscribed before any checkout', async () => {
    const client = await stack.signUpClient();
    const answer = await stack.api('GET', '/api/billing/subscription', { user: client });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      subscribed: false,
      plan_name: null,
      tier: null,
      status: 'inactive',
      current_period_end: null,
      cancel_at_period_end: false,
    });
  });

  it('refuses an unknown plan and a body naming none, with a readable message', async () => {
    const client = await stack.signUpClient();
    const none = await stack.api('POST', '/api/billing/checkout', { user: client, body: {} });
    expect(none.status).toBe(400);
    expect(none.body.error?.message).toMatch(/Give either tier or price_id/);
    const unknown = await stack.api('POST', '/api/billing/checkout', {
      user: client,
      body: { price_id: 'price_somebody_else' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error?.code).toBe('UNKNOWN_PLAN');
  });

  it('signed out, checkout is refused', async () => {
    const answer = await stack.api('POST', '/api/billing/checkout', { body: { tier: 'starter' } });
    expect(answer.status).toBe(401);
  });

  it(
    'creates one customer and a checkout page; paying ' + 'delivers signed webhooks and the user is subscribed',
    async () => {
      const client = await stack.signUpClient();
      const first = await stack.api('POST', '/api/billing/checkout', { user: client, body: { tier: 'starter' } });
      expect(first.status).toBe(200);
      expect(first.body.url).toMatch(new RegExp(`^${stack.url}/local-billing/checkout/cs_local_`));
      const second = await stack.api('POST', '/api/billing/checkout', { user: client, body: { tier: 'starter' } });
      expect(second.status).toBe(200);
      expect(await billingEvents(client)).toEqual(['BillingCustomerLinked']);

      const page = await fetch(second.body.url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Subscribe and pay $500.00');

      const paid = await fetch(`${second.body.url}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`${stack.url}/dashboard?success=true`);
      await stack.settle();

      // Three events arrived (checkout.session.completed, customer.subscription.created, invoice.paid): one start.
      expect(await billingEvents(client)).toEqual(['BillingCustomerLinked', 'SubscriptionStarted']);
      const answer = await stack.api('GET', '/api/billing/subscription', { user: client });
      expect(answer.body).toMatchObject({
        subscribed: true,
        plan_name: 'Starter',
        tier: 'starter',
        status: 'active',
        cancel_at_period_end: false,
      });
      expect(Date.parse(answer.body.current_period_end!)).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
    },
  );

  it('a subscriber cannot start a second checkout, and gets a portal', async () => {
    const { user: client } = await subscriber();
    const again = await stack.api('POST', '/api/billing/checkout', { user: client, body: { tier: 'pro_builder' } });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe('You already have an active subscription. Use Manage Plan to change it.');
    const portal = await stack.api('POST', '/api/billing/portal', { user: client });
    expect(portal.status).toBe(200);
    expect(portal.body.url).toMatch(new RegExp(`^${stack.url}/local-billing/portal/bps_local_`));
    expect(await (await fetch(portal.body.url)).text()).toContain('Switch to Designer Pro');
  });

  it('a user without a billing account gets no portal', async () => {
    const other = await stack.signUpClient();
    const portal = await stack.api('POST', '/api/billing/portal', { user: other });
    expect(portal.status).toBe(404);
    expect(portal.body.error?.code).toBe('NO_BILLING_ACCOUNT');
  });
});

describe('the webhook', () => {
  it('rejects a forged or replayed signature and appends nothing', async () => {
    const { user: client, subscriptionId } = await subscriber();
    const subscription = await provider.retrieveSubscription(subscriptionId);
    const canceled = { ...subscription, status: 'canceled' };
    const before = await stack.eventCount();

    // Signed with another secret (a forger does not know ours).
    const forged = provider.signedEvent('customer.subscription.deleted', canceled, { secret: 'whsec_forged' });
    expect((await postWebhook(forged.payload, forged.header)).status).toBe(400);

    // A genuine signature from 10 minutes ago, sent again (outside Stripe's 5-minute tolerance).
    const old = provider.signedEvent('customer.subscription.deleted', canceled, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    const replayed = await postWebhook(old.payload, old.header);
    expect(replayed.status).toBe(400);
    expect(replayed.body.error).toEqual({
      code: 'INVALID_SIGNATURE',
      message: 'Webhook signature verification failed.',
    });

    // A genuine header on a changed body.
    const genuine = provider.signedEvent('invoice.paid', {
      id: 'in_1',
      object: 'invoice',
      parent: { subscription_details: { subscription: subscriptionId } },
    });
    expect((await postWebhook(forged.payload, genuine.header)).status).toBe(400);

    // No signature at all.
    expect((await postWebhook(genuine.payload)).status).toBe(400);

    await stack.settle();
    expect(await stack.eventCount()).toBe(before);
    expect((await stack.api('GET', '/api/billing/subscription', { user: client })).body.subscribed).toBe(true);
  });

  it('the same event delivered twice changes the state once', async () => {
    const { user: client, subscriptionId } = await subscriber();
    await provider.renew(subscriptionId, { notify: false });
    const { payload, header } = provider.signedEvent('invoice.paid', {
      id: 'in_renewal',
      object: 'invoice',
      customer: 'cus_x',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
    });
    const first = await postWebhook(payload, header);
    expect(first).toMatchObject({ status: 200, body: { received: true, applied: 1 } });
    const second = await postWebhook(payload, header);
    expect(second).toMatchObject({ status: 200, body: { received: true, applied: 0 } });
    expect(await billingEvents(client)).toEqual([
      'BillingCustomerLinked',
      'SubscriptionStarted',
      'SubscriptionRenewed',
    ]);
  });

  it('verifies a payload-2.0 body that API Gateway delivered in base64', async () => {
    const { user: client, subscriptionId } = await subscriber();
    await provider.changePlan(subscriptionId, 'price_local_pro_builder', { notify: false });
    const subscription = await provider.retrieveSubscription(subscriptionId);
    const { payload, header } = provider.signedEvent('customer.subscription.updated', subscription);
    const event = {
      version: '2.0',
      routeKey: 'POST /api/billing/webhook',
      rawPath: '/api/billing/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: Buffer.from(payload).toString('base64'),
      isBase64Encoded: true,
      requestContext: { requestId: 'r1', http: { method: 'POST', path: '/api/billing/webhook' } },
    } as unknown as APIGatewayProxyEventV2WithJWTAuthorizer;
    const result = (await webhookHandler(event, {} as Context)) as { statusCode: number; body: string };
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body)).toMatchObject({ applied: 1 });
    await stack.settle();
    const answer = await stack.api('GET', '/api/billing/subscription', { user: client });
    expect(answer.body).toMatchObject({ subscribed: true, plan_name: 'Designer Pro', tier: 'pro_builder' });
  });

  it('acknowledges event types it does not use', async () => {
    const { payload, header } = provider.signedEvent('customer.created', { id: 'cus_new', object: 'customer' });
    expect(await postWebhook(payload, header)).toMatchObject({ status: 200, body: { received: true, applied: 0 } });
  });
});

describe('sync-all-subscriptions', () => {
  it('is for admins only', async () => {
    const { user: client } = await subscriber();
    const before = await stack.eventCount();
    expect((await stack.api('POST', '/api/billing/sync', { user: client })).status).toBe(403);
    expect((await stack.api('POST', '/api/billing/sync')).status).toBe(401);
    expect(await stack.eventCount()).toBe(before);
  });

  it('reconciles every customer with the provider and reports what it changed', async () => {
    const { user: client, subscriptionId } = await subscriber();
    // The provider cancels, and the webhook is lost: only a sync can notice.
    await provider.cancelNow(subscriptionId, { notify: false });
    expect((await stack.api('GET', '/api/billing/subscription', { user: client })).body.subscribed).toBe(true);

    const admin = await stack.admin();
    const report = await stack.api('POST', '/api/billing/sync', { user: admin });
    expect(report.status).toBe(200);
    expect(report.body.errors).toBe(0);
    expect(syncLine(report.body, client)).toEqual({
      user_id: client.sub,
      email: client.email,
      status: 'updated',
      subscription_status: 'canceled',
      plan_name: 'Starter',
    });
    // Only users with a billing account count (a client who asked for a portal without one does not).
    expect(report.body.total).toBe(report.body.details.length);
    expect(report.body.updated).toBe(report.body.details.filter((line) => line.status === 'updated').length);
    await stack.settle();
    const answer = await stack.api('GET', '/api/billing/subscription', { user: client });
    expect(answer.body).toMatchObject({ subscribed: false, status: 'canceled', plan_name: 'Starter' });
    const events = (await stack.local.runtime.store.readStream(`billing-${client.sub}`)).events;
    expect(events.at(-1)).toMatchObject({
      type: 'SubscriptionCanceled',
      actor: { sub: admin.sub, role: 'admin' },
      data: { source: 'sync', provider_event_id: null },
    });

    const again = await stack.api('POST', '/api/billing/sync', { user: admin });
    expect(syncLine(again.body, client)).toMatchObject({ status: 'unchanged' });
  });

  it('finds a subscription whose webhooks never arrived', async () => {
    const late = await stack.signUpClient();
    const checkout = await stack.api('POST', '/api/billing/checkout', { user: late, body: { tier: 'starter' } });
    const sessionId = checkout.body.url.split('/').pop()!;
    await provider.completeCheckout(sessionId, { notify: false });
    await stack.settle();
    expect((await stack.api('GET', '/api/billing/subscription', { user: late })).body.subscribed).toBe(false);

    const report = await stack.api('POST', '/api/billing/sync', { user: await stack.admin() });
    expect(report.body.errors).toBe(0);
    expect(syncLine(report.body, late)).toMatchObject({ status: 'updated', subscription_status: 'active' });
    await stack.settle();
    expect((await stack.api('GET', '/api/billing/subscription', { user: late })).body).toMatchObject({
      subscribed: true,
      tier: 'starter',
    });
  });
});
