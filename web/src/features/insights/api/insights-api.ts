import type { InsightsQuery, InsightsReport } from '../../../../../functions/features/insights/contracts.js';
import { api } from '../../../app/api.js';

export type { InsightsQuery, InsightsReport };
export type { EstimateAccuracy, EstimateRow, Spread, TurnaroundRow } from '../../../../../functions/features/insights/contracts.js';

export function getInsights(query: Record<keyof InsightsQuery, string>): Promise<InsightsReport> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value) params.set(key, value);
  const search = params.toString();
  return api.get<InsightsReport>(`/insights${search ? `?${search}` : ''}`);
}
