import { queryOptions } from '@tanstack/react-query';
import type { InsightsQuery, InsightsReport } from '#features/insights/contracts.js';
import { api } from '../../../app/api.js';
import { queryString } from '../../../lib/query-string.js';

/** GET /api/insights for a range of days and filters (no live topic: the tab reads it when shown). */
export const insightsQuery = (filters: Record<keyof InsightsQuery, string>) =>
  queryOptions({
    queryKey: ['admin', 'insights', filters] as const,
    queryFn: () => api.get<InsightsReport>(`/insights${queryString(filters)}`),
  });
