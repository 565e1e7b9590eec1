import { queryOptions } from '@tanstack/react-query';
import type { InsightsFilterValues } from '../components/InsightsFilters.js';
import { getInsights } from './insights-api.js';

/** GET /api/insights for a range of days and filters (no live topic: the tab reads it when shown). */
export const insightsQuery = (filters: InsightsFilterValues) => queryOptions({ queryKey: ['admin', 'insights', filters] as const, queryFn: () => getInsights(filters) });
