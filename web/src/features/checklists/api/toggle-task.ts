import { useMutation } from '@tanstack/react-query';
import type { ToggleTaskResponse } from '#features/projects/contracts.js';
import { api } from '../../../app/api.js';
import { projectPath } from '../../projects/api/keys.js';

/**
 * PATCH /api/projects/{id}/tasks/{taskId}: ticks or clears a checklist task. The answer is the project
 * as it now is, which the caller shows (the lists follow the `projects` topic).
 */
export const useToggleTask = (projectId: string) =>
  useMutation({
    mutationFn: ({ taskId, completed }: { taskId: string; completed: boolean }) =>
      api.patch<ToggleTaskResponse>(`${projectPath(projectId)}/tasks/${encodeURIComponent(taskId)}`, { completed }),
  });
