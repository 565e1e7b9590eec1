import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CityReviewActionBody, CityReviewActionResponse } from '#features/permits/contracts.js';
import { api, newActionKey } from '../../../app/api.js';
import { cityReviewPath } from './keys.js';

/**
 * One action on the city review (POST /api/projects/{id}/city-review). One click is one action: a
 * retried request carries the same key. The project's views (card badge, status, the review) are read
 * again when it settles; other people's screens follow the project's live topic.
 */
export function useCityReviewAction<A extends CityReviewActionBody['action']>(projectId: string, _action: A) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Extract<CityReviewActionBody, { action: A }>) =>
      api.post<CityReviewActionResponse>(cityReviewPath(projectId), body, { idempotencyKey: newActionKey() }),
    onSettled: () => client.invalidateQueries({ queryKey: ['projects'] }),
  });
}
