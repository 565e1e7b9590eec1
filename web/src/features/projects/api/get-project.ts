import { queryOptions } from '@tanstack/react-query';
import { projectsApi } from './projects.js';
import { projectKeys, projectTopic } from './keys.js';

/** GET /api/projects/{id}: the project with its client, files, checklist and the caller's permissions. */
export const projectQuery = (id: string) =>
  queryOptions({ queryKey: projectKeys.detail(id), queryFn: () => projectsApi.get(id), meta: { topics: [projectTopic(id)] } });
