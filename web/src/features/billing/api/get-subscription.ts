import { queryOptions } from '@tanstack/react-query';
import type { SubscriptionResponse } from '#features/billing/contracts.js';
import { api } from '../../../app/api.js';
import { billingKeys } from './keys.js';

/** GET /api/billing/subscription: the caller's plan (live topic `subscription`). */
export const subscriptionQuery = () =>
  queryOptions({
    queryKey: billingKeys.subscription(),
    queryFn: () => api.get<SubscriptionResponse>('/billing/subscription'),
    meta: { topics: ['subscription'] },
  });
