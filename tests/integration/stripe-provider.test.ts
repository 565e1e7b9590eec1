import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { StripeBillingProvider, stripeConnection } from '../../functions/features/billing/provider/stripe-provider.js';
import { httpHandler, type HttpEvent } from '../../functions/app/http.js';

/**
 * The Stripe adapter through the real stripe-node client and its transport, against a local
 * endpoint that answers as Stripe's API does (form-encoded requests, JSON errors with a type).
 */
type Answer = { status: number; body: unknown; headers?: Record<string, string> } | 'silent' | 'hang-up';
let answer: (req: IncomingMessage, body: string) => Answer;
const seen: { method: string; url: string; body: string; idempotencyKey: string | undefined }[] = [];
const silent: Socket[] = [];
let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        body: decodeURIComponent(body),
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
      });
      const reply = answer(req, body);
      if (reply === 'silent') return void silent.push(req.socket);
      if (reply === 'hang-up') return void req.socket.destroy();
      res.writeHead(reply.status, { 'content-type': 'application/json', 'request-id': 'req_1', ...reply.headers });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  vi.stubEnv('STRIPE_SECRET_KEY', 'sk_test_local');
  vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_local');
});
afterAll(async () => {
  vi.unstubAllEnvs();
  for (const socket of silent) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

// stripe-node waits 0.5–2 s before a retry; a silent socket is abandoned after `timeout`.
const provider = () => new StripeBillingProvider({ host: '127.0.0.1', port, protocol: 'http', timeout: 400 });
const stripeError = (status: number, type: string, message: string, extra: Record<string, unknown> = {}): Answer => ({
  status,
  body: { error: { type, message, ...extra } },
});
const checkout = {
  customer_id: 'cus_1',
  user_id: 'u1',
  price_id: 'price_pro',
  success_url: 'https://app.example/ok',
  cancel_url: 'https://app.example/no',
};

describe('where the client connects', () => {
  it('is api.stripe.com unless STRIPE_API_URL names another endpoint, which it then reaches', async () => {
    expect(stripeConnection({})).toEqual({});
    expect(stripeConnection({ STRIPE_API_URL: 'https://stripe.internal' })).toEqual({
      host: 'stripe.internal',
      port: 443,
      protocol: 'https',
    });
    vi.stubEnv('STRIPE_API_URL', `http://127.0.0.1:${port}`);
    try {
      answer = () => ({ status: 200, body: { id: 'cus_env', object: 'customer' } });
      expect(await new StripeBillingProvider().createCustomer({ user_id: 'u-env', email: 'e@example.com' })).toEqual({
        customer_id: 'cus_env',
      });
      expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/customers' });
    } finally {
      vi.stubEnv('STRIPE_API_URL', '');
    }
  });
});

describe('Stripe, answering', () => {
  it('creates a subscription-mode checkout session for the customer and the price', async () => {
    answer = () => ({
      status: 200,
      body: { id: 'cs_1', object: 'checkout.session', url: 'https://checkout.stripe.com/c/cs_1' },
    });
    expect(await provider().createCheckoutSession(checkout)).toEqual({ url: 'https://checkout.stripe.com/c/cs_1' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/checkout/sessions' });
    expect(seen[0]!.body).toContain('mode=subscription');
    expect(seen[0]!.body).toContain('line_items[0][price]=price_pro');
    expect(seen[0]!.body).toContain('client_reference_id=u1');
  });

  it('creates a customer under an idempotency key per user, so two racing checkouts share one', async () => {
    answer = () => ({ status: 200, body: { id: 'cus_9', object: 'customer' } });
    expect(await provider().createCustomer({ user_id: 'u1', email: 'a@example.com' })).toEqual({
      customer_id: 'cus_9',
    });
    expect(seen[0]).toMatchObject({ url: '/v1/customers', idempotencyKey: 'customer-u1' });
  });

  it('reads a subscription Stripe does not know as null', async () => {
    answer = () => stripeError(404, 'invalid_request_error', 'No such subscription', { code: 'resource_missing' });
    expect(await provider().retrieveSubscription('sub_gone')).toBeNull();
  });

  it(
    'lets a refusal about the request itself through ' + '(a misconfigured price is our fault, not an outage)',
    async () => {
      answer = () =>
        stripeError(400, 'invalid_request_error', 'No such price: price_pro', {
          code: 'resource_missing',
          param: 'line_items[0][price]',
        });
      await expect(provider().createCheckoutSession(checkout)).rejects.toMatchObject({
        type: 'StripeInvalidRequestError',
      });
      expect(seen).toHaveLength(1);
    },
  );
});

describe('Stripe, failing', () => {
  it('a 5xx on every attempt: retried once with the same idempotency key, then reported as unavailable', async () => {
    answer = () => stripeError(500, 'api_error', 'Something went wrong on Stripe');
    await expect(provider().createCustomer({ user_id: 'u2', email: 'b@example.com' })).rejects.toMatchObject({
      name: 'ServiceUnavailable',
    });
    expect(seen).toHaveLength(2);
    expect(seen.map((request) => request.idempotencyKey)).toEqual(['customer-u2', 'customer-u2']);
  });

  it('a rate limit is reported as unavailable', async () => {
    answer = () => stripeError(429, 'invalid_request_error', 'Too many requests', { code: 'rate_limit' });
    await expect(
      provider().createPortalSession({ customer_id: 'cus_1', return_url: 'https://app.example/billing' }),
    ).rejects.toMatchObject({ name: 'ServiceUnavailable' });
  });

  it('a connection that stays silent is abandoned and retried, then reported as unavailable', async () => {
    answer = () => 'silent';
    await expect(provider().createCheckoutSession(checkout)).rejects.toMatchObject({ name: 'ServiceUnavailable' });
    expect(seen).toHaveLength(2);
    // The retried POST carries the key stripe-node made for it: Stripe runs it at most once.
    expect(seen[0]!.idempotencyKey).toBeTruthy();
    expect(seen[1]!.idempotencyKey).toBe(seen[0]!.idempotencyKey);
  });

  it('a silent first attempt whose retry answers succeeds', async () => {
    let attempts = 0;
    answer = () =>
      (attempts += 1) === 1
        ? 'silent'
        : {
            status: 200,
            body: { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.com/p/1' },
          };
    expect(
      await provider().createPortalSession({ customer_id: 'cus_1', return_url: 'https://app.example/billing' }),
    ).toEqual({ url: 'https://billing.stripe.com/p/1' });
  });

  it('listing every subscription fails as unavailable when a page cannot be read', async () => {
    answer = () => 'hang-up';
    const read = async () => {
      for await (const subscription of provider().listSubscriptions()) void subscription;
    };
    await expect(read()).rejects.toMatchObject({ name: 'ServiceUnavailable' });
  });

  it('at the API: a 503 with a retry hint, not a 500', async () => {
    answer = () => stripeError(503, 'api_error', 'Service unavailable');
    const stripe = provider();
    const handler = httpHandler({}, async () => ({
      body: await stripe.createPortalSession({ customer_id: 'cus_1', return_url: 'https://app.example/billing' }),
    }));
    const response = await handler(
      {
        routeKey: 'GET /api/health',
        isBase64Encoded: false,
        requestContext: { requestId: 'r-1' },
      } as unknown as HttpEvent,
      {} as never,
    );
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['retry-after']).toBe('2');
    expect(JSON.parse(response.body as string)).toEqual({
      error: { code: 'UNAVAILABLE', message: 'The service is busy right now. Please try again in a moment.' },
    });
  });
});
