import * as z from '../../../events/zod.js';
import { TIERS } from '../../../shared/plans.js';
import type { SubscriptionView } from './queries.js';
import type { SyncReport } from './reconcile.js';

/**
 * Billing request and response shapes. The spec's create-checkout sends a price id; the SPA sends
 * the plan's tier instead (price ids are server configuration), and either is accepted.
 */
export const checkoutBody = /* @__PURE__ */ (() => z.strictObject({
    tier: z.optional(z.enum(TIERS)),
    price_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  }).check(z.refine((body) => (body.tier ? 1 : 0) + (body.price_id ? 1 : 0) === 1, { message: 'Give either tier or price_id' })))();
export type CheckoutBody = z.input<typeof checkoutBody>;

/** GET /api/billing/subscription (check-subscription). */
export type SubscriptionResponse = SubscriptionView;

/** POST /api/billing/checkout and /api/billing/portal: where to send the browser. */
export interface RedirectResponse {
  url: string;
}

/** POST /api/billing/sync (sync-all-subscriptions). */
export type SyncResponse = SyncReport;
