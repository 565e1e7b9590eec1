import { queryOptions } from '@tanstack/react-query';
import type { ProjectReviewResponse } from '#features/reviews/contracts.js';
import { ApiError, api } from '../../../app/api.js';
import { reviewKey, reviewsPath } from './keys.js';

/** GET /api/projects/{id}/reviews: kept fresh by the project's live topic (a note, a decision, a version). */
export const projectReviewQuery = (projectId: string) =>
  queryOptions({
    queryKey: reviewKey(projectId),
    queryFn: () => api.get<ProjectReviewResponse>(reviewsPath(projectId)),
    meta: { topics: [`project:${projectId}`] },
    // A 403/404 (no review for this caller) will not change by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
