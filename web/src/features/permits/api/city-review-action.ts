import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CityReviewActionBody, CityReviewActionResponse } from '#features/permits/contracts.js';
import { api, newActionKey } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { projectKeys } from '../../projects/api/keys.js';
import { cityReviewKeys, cityReviewPath } from './keys.js';

/**
 * One action on the city review (POST /api/projects/{id}/city-review). One click is one action: a
 * retried request carries the same key. The project's views (card badge, status, the review) follow
 * the project's live topics, and are asked now while the socket is down.
 */
export function useCityReviewAction<A extends CityReviewActionBody['action']>(projectId: string, _action: A) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Extract<CityReviewActionBody, { action: A }>) =>
      api.post<CityReviewActionResponse>(cityReviewPath(projectId), body, { idempotencyKey: newActionKey() }),
    onSuccess: () => refreshUnlessLive([projectKeys.all]),
    // Invalidated directly: a refused action is no event (and someone else may have acted first), so no topic comes.
    onError: () => client.invalidateQueries({ queryKey: cityReviewKeys.all(projectId) }),
  });
}
