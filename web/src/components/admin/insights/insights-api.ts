import type { InsightsQuery, InsightsReport } from '#features/insights/contracts.js';
import { api } from '../../../lib/api.js';

export type { InsightsQuery, InsightsReport };
export type { TurnaroundRow } from '#features/insights/contracts.js';

export function getInsights(query: Record<keyof InsightsQuery, string>): Promise<InsightsReport> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return api.get<InsightsReport>(`/insights${search ? `?${search}` : ''}`);
}
