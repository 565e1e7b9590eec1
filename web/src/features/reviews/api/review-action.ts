import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReviewActionBody, ReviewActionResponse } from '#features/reviews/contracts.js';
import { api, newActionKey } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { projectKeys } from '../../projects/api/keys.js';
import { reviewKey, reviewsPath } from './keys.js';

/**
 * One action on the review (a pin, a reply, a resolve, a decision). A decision moves the project too
 * (its status, 'Approved by client'), so every project view under ['projects'] is stale after it.
 * While the socket is up, the projector's `project:<id>` and `projects` topics read each of those views
 * once the change is projected: asking here as well would read them twice, the first time before the
 * projection and so for nothing. While it is down they are asked at once. A failed action reads the
 * review again, since what it tried may have been decided by someone else.
 */
export function useReviewAction(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    // One click is one action: a retried request carries the same key.
    mutationFn: (body: ReviewActionBody) =>
      api.post<ReviewActionResponse>(reviewsPath(projectId), body, { idempotencyKey: newActionKey() }),
    onSuccess: (_answer, body) =>
      refreshUnlessLive([
        body.action === 'approve' || body.action === 'request_changes' ? projectKeys.all : reviewKey(projectId),
      ]),
    onError: () => client.invalidateQueries({ queryKey: reviewKey(projectId) }),
  });
}
