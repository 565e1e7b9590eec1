import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerateCommentResponse } from '#features/activity/contracts.js';
import { api } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { projectKeys } from '../../projects/api/keys.js';
import { activityKeys } from './keys.js';

export interface ModerationDecision {
  commentId: string;
  projectId: string;
  decision: 'approve' | 'reject';
}

/**
 * POST /api/comments/{id}/approve or /reject. The screens change their view before asking; the
 * moderation queue and the project's feed follow the live topics (the feed is asked now while the
 * socket is down).
 */
export function useModerateComment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, projectId, decision }: ModerationDecision) =>
      api.post<ModerateCommentResponse>(`/comments/${encodeURIComponent(commentId)}/${decision}`, {
        project_id: projectId,
      }),
    onSuccess: (_answer, { projectId }) => refreshUnlessLive([projectKeys.activity(projectId)]),
    // Invalidated directly: a refused decision is no event, so no live topic undoes the screens' early change.
    onError: (_error, { projectId }) =>
      Promise.all([
        client.invalidateQueries({ queryKey: activityKeys.moderation() }),
        client.invalidateQueries({ queryKey: projectKeys.activity(projectId) }),
      ]),
  });
}
