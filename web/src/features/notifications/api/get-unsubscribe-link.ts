import { queryOptions } from '@tanstack/react-query';
import type { UnsubscribeResponse } from '#features/notifications/contracts.js';
import { api } from '../../../app/api.js';

export const unsubscribePath = (token: string) => `/notifications/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * GET /api/notifications/unsubscribe: what the link turns off. Checked on each visit, never answered
 * from an earlier one.
 */
export const unsubscribeLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['unsubscribe', token] as const,
    queryFn: () => api.get<UnsubscribeResponse>(unsubscribePath(token)),
    gcTime: 0,
  });
