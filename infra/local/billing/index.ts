import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { TIERS, type Tier } from '../../../shared/plans.js';
import { priceIdFor, stripeConfigured } from '../../../functions/features/billing/provider/config.js';
import { LocalBillingProvider } from './local-provider.js';
import { setBillingProvider } from '../../../functions/features/billing/provider/provider.js';
import { checkoutPage, notFoundPage, page, portalPage } from './pages.js';
import { BODY_LIMITS, BodyTooLarge, readBody, refuseTooLarge } from '../limits.js';

export const LOCAL_BILLING_PREFIX = '/local-billing/';

export interface LocalBilling {
  /** Null when a Stripe key is configured: then the real Stripe is used and these pages are off. */
  provider: LocalBillingProvider | null;
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

const HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
};

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, HEADERS).end(html);
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { location, 'cache-control': 'no-store' }).end();
}

/** The page's small form (16 KB at most: a larger body throws BodyTooLarge, answered 413 below). */
async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams((await readBody(req, BODY_LIMITS.billing)).toString('utf8'));
}

/**
 * The embedded runtime's billing: installs the local provider (unless Stripe is configured) and
 * serves its checkout and portal pages under /local-billing/. Paying or changing the plan there
 * makes the provider deliver signed webhook events to /api/billing/webhook.
 */
export function localBilling(options: { dataDir?: string } = {}): LocalBilling {
  if (stripeConfigured()) {
    return { provider: null, handle: async (_req, res) => send(res, 404, notFoundPage()) };
  }
  const provider = new LocalBillingProvider({
    file: options.dataDir ? join(options.dataDir, 'billing.json') : undefined,
  });
  setBillingProvider(provider);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const [kind, id, action] = url.pathname.slice(LOCAL_BILLING_PREFIX.length).split('/');
    const method = req.method ?? 'GET';

    if (kind === 'checkout' && id) {
      const session = provider.checkoutSession(id);
      if (!session) return send(res, 404, notFoundPage());
      if (method === 'GET' && !action)
        return send(res, 200, checkoutPage(session, provider.customer(session.customer)?.email));
      if (method === 'POST' && action === 'pay') {
        try {
          const done = await provider.completeCheckout(id);
          return redirect(res, done.success_url);
        } catch (error) {
          return send(
            res,
            502,
            page(
              'Payment failed',
              `<div class="card"><h1>The payment could not be ` +
                `completed</h1><p>${String((error as Error).message).replace(/</g, '&lt;')}</p></div>`,
            ),
          );
        }
      }
    }

    if (kind === 'portal' && id) {
      const session = provider.portalSession(id);
      if (!session) return send(res, 404, notFoundPage());
      const email = provider.customer(session.customer)?.email;
      if (method === 'GET' && !action) {
        return send(
          res,
          200,
          portalPage(
            session,
            email,
            provider.subscriptionsOf(session.customer),
            url.searchParams.get('notice') ?? undefined,
          ),
        );
      }
      if (method === 'POST' && action) {
        const form = await formOf(req);
        const subscriptionId = form.get('subscription') ?? '';
        if (!provider.subscriptionsOf(session.customer).some((subscription) => subscription.id === subscriptionId)) {
          return send(res, 404, notFoundPage());
        }
        const tier = form.get('tier');
        let notice: string;
        if (action === 'switch' && tier && (TIERS as readonly string[]).includes(tier)) {
          await provider.changePlan(subscriptionId, priceIdFor(tier as Tier));
          notice = 'Your plan was changed.';
        } else if (action === 'renew') {
          await provider.renew(subscriptionId);
          notice = 'The next billing period is paid.';
        } else if (action === 'cancel-at-period-end' || action === 'resume') {
          await provider.cancelAtPeriodEnd(subscriptionId, action === 'cancel-at-period-end');
          notice =
            action === 'resume' ? 'Your subscription continues.' : 'Your subscription ends at the end of this period.';
        } else if (action === 'cancel') {
          await provider.cancelNow(subscriptionId);
          notice = 'Your subscription was canceled.';
        } else {
          return send(res, 404, notFoundPage());
        }
        return redirect(res, `${LOCAL_BILLING_PREFIX}portal/${session.id}?notice=${encodeURIComponent(notice)}`);
      }
    }
    return send(res, 404, notFoundPage());
  }

  return {
    provider,
    handle: (req: IncomingMessage, res: ServerResponse) =>
      handle(req, res).catch((error: unknown) => {
        if (error instanceof BodyTooLarge)
          return refuseTooLarge(
            req,
            res,
            JSON.stringify({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The form is too large.' } }),
          );
        throw error;
      }),
  };
}
