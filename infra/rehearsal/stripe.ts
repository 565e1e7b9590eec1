import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LocalBillingProvider } from '../local/billing/local-provider.js';

/**
 * Stripe's API for the rehearsal's functions: the calls the bundled stripe-node client makes
 * (customers, Checkout Sessions, the portal, subscriptions), in Stripe's wire format (form-encoded
 * requests, JSON objects and errors), authenticated by the secret key of the secret the operator
 * created. Its objects are the embedded stack's stand-in's (LocalBillingProvider); its hosted checkout
 * page takes a "pay" (POST <checkout url>/pay), and then, as Stripe does, the signed events go to the
 * stack's public webhook route, which verifies them with the webhook secret of the same secret.
 */
export class StripeStandIn {
  readonly secretKey = 'sk_test_rehearsal';
  private server: Server | undefined;
  private provider!: LocalBillingProvider;
  url = '';

  async start(webhookUrl: string): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) =>
        stripeError(res, 500, 'api_error', String((error as Error).message ?? error)),
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    this.provider = new LocalBillingProvider({ pagesUrl: `${this.url}/pay`, webhookUrl });
    return this.url;
  }

  /** The secret the stack reads (STRIPE_SECRET_ARN), as docs/deploy.md has the operator create it. */
  secretString(): string {
    return JSON.stringify({ secretKey: this.secretKey, webhookSecret: this.provider.signingSecret });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://local');
    const parts = url.pathname.split('/').filter(Boolean);
    // The hosted checkout page: the payer's "pay" completes the session and the events are delivered.
    if (parts[0] === 'pay' && parts[1] === 'checkout' && parts[3] === 'pay' && req.method === 'POST') {
      const session = this.provider.checkoutSession(parts[2] ?? '');
      if (!session)
        return stripeError(res, 404, 'invalid_request_error', 'No such checkout session', 'resource_missing');
      const done = await this.provider.completeCheckout(session.id);
      return res.writeHead(303, { location: done.success_url }).end();
    }
    if (parts[0] !== 'v1')
      return stripeError(res, 404, 'invalid_request_error', `Unrecognized request URL (${url.pathname})`);
    if (req.headers.authorization !== `Bearer ${this.secretKey}`)
      return stripeError(res, 401, 'invalid_request_error', 'Invalid API Key provided');
    const form = new URLSearchParams(body);
    const route =
      parts[1] === 'subscriptions' ? `${req.method} /subscriptions` : `${req.method} /${parts.slice(1, 3).join('/')}`;
    switch (route) {
      case 'POST /customers': {
        const { customer_id } = await this.provider.createCustomer({
          user_id: form.get('metadata[user_id]') ?? '',
          email: form.get('email') ?? '',
        });
        return json(res, this.provider.customer(customer_id));
      }
      case 'POST /checkout/sessions': {
        const price = form.get('line_items[0][price]');
        const customer = form.get('customer');
        if (!price || !customer || form.get('mode') !== 'subscription')
          return stripeError(res, 400, 'invalid_request_error', 'A subscription checkout needs a customer and a price');
        const { url: pageUrl } = await this.provider.createCheckoutSession({
          customer_id: customer,
          user_id: form.get('client_reference_id') ?? form.get('metadata[user_id]') ?? '',
          price_id: price,
          success_url: form.get('success_url') ?? '',
          cancel_url: form.get('cancel_url') ?? '',
        });
        return json(res, {
          id: pageUrl.split('/').pop(),
          object: 'checkout.session',
          mode: 'subscription',
          url: pageUrl,
        });
      }
      case 'POST /billing_portal/sessions': {
        const customer = form.get('customer') ?? '';
        if (!this.provider.customer(customer))
          return stripeError(res, 400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing');
        const session = await this.provider.createPortalSession({
          customer_id: customer,
          return_url: form.get('return_url') ?? '',
        });
        return json(res, { object: 'billing_portal.session', url: session.url });
      }
      case 'GET /subscriptions': {
        if (parts[2]) {
          const subscription = await this.provider.retrieveSubscription(parts[2]);
          if (!subscription)
            return stripeError(
              res,
              404,
              'invalid_request_error',
              `No such subscription: '${parts[2]}'`,
              'resource_missing',
            );
          return json(res, subscription);
        }
        const data = [];
        for await (const subscription of this.provider.listSubscriptions()) data.push(subscription);
        return json(res, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      }
      // Cancel a subscription now (an erasure): Stripe answers with the canceled subscription.
      case 'DELETE /subscriptions': {
        const subscription = parts[2] ? await this.provider.retrieveSubscription(parts[2]) : null;
        if (!subscription)
          return stripeError(
            res,
            404,
            'invalid_request_error',
            `No such subscription: '${parts[2] ?? ''}'`,
            'resource_missing',
          );
        await this.provider.cancelSubscription(subscription.id);
        return json(res, await this.provider.retrieveSubscription(subscription.id));
      }
      default:
        return stripeError(res, 404, 'invalid_request_error', `The rehearsal's Stripe does not serve ${route}`);
    }
  }
}

function json(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_rehearsal_${Date.now()}` });
  res.end(JSON.stringify(body));
}

function stripeError(res: ServerResponse, status: number, type: string, message: string, code?: string) {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message, ...(code ? { code } : {}) } }));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
