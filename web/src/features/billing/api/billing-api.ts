import type { Tier } from '#shared/plans.js';
import type { RedirectResponse, SubscriptionResponse, SyncResponse } from '../../../../../functions/features/billing/contracts.js';
import { api } from '../../../app/api.js';

export type { SubscriptionResponse, SyncResponse };

/** check-subscription */
export const fetchSubscription = () => api.get<SubscriptionResponse>('/billing/subscription');

/** create-checkout: the provider's checkout page for a plan. */
export const checkoutUrl = async (tier: Tier) => (await api.post<RedirectResponse>('/billing/checkout', { tier })).url;

/** customer-portal */
export const portalUrl = async () => (await api.post<RedirectResponse>('/billing/portal')).url;

/** sync-all-subscriptions (admin) */
export const syncAllSubscriptions = () => api.post<SyncResponse>('/billing/sync');
