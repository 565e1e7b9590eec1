import { queryOptions } from '@tanstack/react-query';
import { fetchSubscription } from './billing-api.js';

export const billingKeys = { subscription: () => ['billing', 'subscription'] as const };

/** GET /api/billing/subscription: the caller's plan (live topic `subscription`). */
export const subscriptionQuery = () => queryOptions({ queryKey: billingKeys.subscription(), queryFn: fetchSubscription, meta: { topics: ['subscription'] } });
