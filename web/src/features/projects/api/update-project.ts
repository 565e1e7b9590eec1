import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectResponse, UpdateProjectBody } from '#features/projects/contracts.js';
import { api } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import type { ProjectDetail } from '../../../lib/contracts.js';
import { projectKeys, projectPath } from './keys.js';

/**
 * A project the API answered with after a change: the dialog shows it at once; the lists follow the
 * projector's `projects` topic (or are asked now, while the socket is down).
 */
export function useShowChangedProject() {
  const client = useQueryClient();
  return (next: ProjectDetail) => {
    client.setQueryData<ProjectResponse>(projectKeys.detail(next.id), (current) =>
      current ? { ...current, project: next } : current,
    );
    refreshUnlessLive([projectKeys.lists()]);
  };
}

/** PATCH /api/projects/{id}: status, designer, priority or due date. */
export function useUpdateProject(id: string) {
  return useMutation({
    mutationFn: (change: UpdateProjectBody) => api.patch<ProjectResponse>(projectPath(id), change),
  });
}
