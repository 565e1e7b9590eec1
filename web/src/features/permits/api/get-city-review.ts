import { queryOptions } from '@tanstack/react-query';
import type { CityReviewResponse } from '#features/permits/contracts.js';
import { ApiError, api } from '../../../app/api.js';
import { cityReviewKeys, cityReviewPath, projectTopic } from './keys.js';

/** GET /api/projects/{id}/city-review[?round=N]: the rounds, one round's items (the latest by default), the permit. */
export const cityReviewQuery = (projectId: string, round: number | null = null) =>
  queryOptions({
    queryKey: cityReviewKeys.round(projectId, round),
    queryFn: () => api.get<CityReviewResponse>(`${cityReviewPath(projectId)}${round ? `?round=${round}` : ''}`),
    meta: { topics: [projectTopic(projectId)] },
    // A 403/404 (no city review for this caller) will not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
