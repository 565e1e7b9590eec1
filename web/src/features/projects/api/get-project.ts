import { queryOptions } from '@tanstack/react-query';
import type { ProjectResponse } from '#features/projects/contracts.js';
import { api } from '../../../app/api.js';
import { projectKeys, projectPath, projectTopic } from './keys.js';

/** GET /api/projects/{id}: the project with its client, files, checklist and the caller's permissions. */
export const projectQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: () => api.get<ProjectResponse>(projectPath(id)),
    meta: { topics: [projectTopic(id)] },
  });
