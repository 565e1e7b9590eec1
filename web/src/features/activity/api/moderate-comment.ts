import { useMutation } from '@tanstack/react-query';
import type { ModerateCommentResponse } from '#features/activity/contracts.js';
import { api } from '../../../app/api.js';

export interface ModerationDecision {
  commentId: string;
  projectId: string;
  decision: 'approve' | 'reject';
}

/**
 * POST /api/comments/{id}/approve or /reject. The screens change their view before asking; the
 * moderation queue and the project's feed follow the live topics.
 */
export function useModerateComment() {
  return useMutation({
    mutationFn: ({ commentId, projectId, decision }: ModerationDecision) =>
      api.post<ModerateCommentResponse>(`/comments/${encodeURIComponent(commentId)}/${decision}`, {
        project_id: projectId,
      }),
  });
}
