import * as z from '../../../events/zod.js';
import { TIERS, type Tier } from '../../../shared/plans.js';
import type { SubscriptionStatus } from './events.js';

/**
 * Billing request and response shapes. The spec's create-checkout sends a price id; the SPA sends
 * the plan's tier instead (price ids are server configuration), and either is accepted.
 */
export const checkoutBody = /* @__PURE__ */ (() =>
  z
    .strictObject({
      tier: z.optional(z.enum(TIERS)),
      price_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
    })
    .check(
      z.refine((body) => (body.tier ? 1 : 0) + (body.price_id ? 1 : 0) === 1, {
        message: 'Give either tier or price_id',
      }),
    ))();

/** check-subscription's answer (docs/product.md#calls and the subscription entity of docs/product.md#records). */
export interface SubscriptionView {
  subscribed: boolean;
  plan_name: string | null;
  tier: Tier | null;
  status: SubscriptionStatus;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}

/** GET /api/billing/subscription (check-subscription). */
export type SubscriptionResponse = SubscriptionView;

/** POST /api/billing/checkout and /api/billing/portal: where to send the browser. */
export interface RedirectResponse {
  url: string;
}

/** One user's line of a subscriptions sync. */
export interface SyncDetail {
  user_id: string;
  email: string | null;
  status: 'updated' | 'unchanged' | 'error';
  subscription_status: SubscriptionStatus | null;
  plan_name: string | null;
  message?: string;
}

export interface SyncReport {
  updated: number;
  total: number;
  errors: number;
  details: SyncDetail[];
}

/** POST /api/billing/sync (sync-all-subscriptions). */
export type SyncResponse = SyncReport;
