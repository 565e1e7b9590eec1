import { PLANS, TIERS, type Plan, type Tier } from '#shared/plans.js';

/**
 * Billing configuration from the environment. In the cloud the stack sets the Stripe price ids
 * (STRIPE_PRICE_STARTER, STRIPE_PRICE_PRO_BUILDER); the local provider uses its own ids.
 */
const PRICE_ENV: Record<Tier, string> = { starter: 'STRIPE_PRICE_STARTER', pro_builder: 'STRIPE_PRICE_PRO_BUILDER' };

export const localPriceId = (tier: Tier) => `price_local_${tier}`;

/** True when a Stripe account is configured; otherwise the local provider simulates one. */
export function stripeConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  return !!(env.STRIPE_SECRET_KEY || env.STRIPE_SECRET_ARN);
}

export function priceIdFor(tier: Tier, env: NodeJS.ProcessEnv = process.env): string {
  const configured = env[PRICE_ENV[tier]];
  if (configured) return configured;
  if (stripeConfigured(env)) throw new Error(`Missing environment variable ${PRICE_ENV[tier]}`);
  return localPriceId(tier);
}

/** The plan a price id belongs to (null for a price this product does not sell). */
export function planForPrice(priceId: string | null | undefined, env: NodeJS.ProcessEnv = process.env): Plan | null {
  if (!priceId) return null;
  for (const tier of TIERS) {
    if (env[PRICE_ENV[tier]] === priceId || localPriceId(tier) === priceId)
      return PLANS.find((plan) => plan.tier === tier)!;
  }
  return null;
}

/** The site's public origin, for the provider's return addresses (`${SITE_URL}/dashboard?success=true`). */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): string {
  const url = env.SITE_URL;
  if (!url) throw new Error('Missing environment variable SITE_URL');
  return url.replace(/\/+$/, '');
}

export const checkoutReturnUrls = () => ({
  success_url: `${siteUrl()}/dashboard?success=true`,
  cancel_url: `${siteUrl()}/pricing`,
});
