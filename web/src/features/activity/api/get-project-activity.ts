import { queryOptions } from '@tanstack/react-query';
import { projectsApi } from '../../projects/api/projects.js';
import { projectKeys, projectTopic } from '../../projects/api/keys.js';

/** GET /api/projects/{id}/activity: the project's comments and activity log, newest first. */
export const projectActivityQuery = (id: string) =>
  queryOptions({ queryKey: projectKeys.activity(id), queryFn: () => projectsApi.activity(id), meta: { topics: [projectTopic(id)] } });
