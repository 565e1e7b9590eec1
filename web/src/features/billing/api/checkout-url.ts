import type { Tier } from '#shared/plans.js';
import type { RedirectResponse } from '#features/billing/contracts.js';
import { api } from '../../../app/api.js';

/**
 * POST /api/billing/checkout: the provider's checkout page for a plan. A plain call, not a mutation
 * hook: it changes no view (the plan arrives by the `subscription` topic), and the landing page,
 * which has no query cache, asks it too.
 */
export const checkoutUrl = async (tier: Tier) => (await api.post<RedirectResponse>('/billing/checkout', { tier })).url;
