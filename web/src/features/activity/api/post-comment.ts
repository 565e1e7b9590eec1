import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ActivityResponse, PostCommentResponse } from '#features/activity/contracts.js';
import { ActionKeys, api } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { projectKeys, projectPath } from '../../projects/api/keys.js';

const commentKeys = new ActionKeys();

/**
 * POST /api/projects/{id}/comments. The feed shows the comment at once; the moderation queue and the
 * logs follow the live topics (asked now while the socket is down).
 */
export function usePostComment(projectId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      commentKeys.run({ id: projectId, content }, (idempotencyKey) =>
        api.post<PostCommentResponse>(`${projectPath(projectId)}/comments`, { content }, { idempotencyKey }),
      ),
    onSuccess: ({ comment }) => {
      client.setQueryData<ActivityResponse>(projectKeys.activity(projectId), (current) =>
        current ? { ...current, comments: [comment, ...current.comments.filter((c) => c.id !== comment.id)] } : current,
      );
      refreshUnlessLive([projectKeys.activity(projectId)]);
    },
  });
}
