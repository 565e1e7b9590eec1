import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
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

/**
 * Reads the plan again now: back from the provider's checkout, which changed it outside this tab
 * (its webhook may have named the `subscription` topic before this screen listened).
 */
export function useReloadSubscription(): () => void {
  const client = useQueryClient();
  return useCallback(() => void client.invalidateQueries({ queryKey: billingKeys.subscription() }), [client]);
}
