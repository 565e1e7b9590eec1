import { queryOptions } from '@tanstack/react-query';
import type { ActivityResponse } from '#features/activity/contracts.js';
import { api } from '../../../app/api.js';
import { projectKeys, projectPath, projectTopic } from '../../projects/api/keys.js';

/** GET /api/projects/{id}/activity: the project's comments and activity log. */
export const projectActivityQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.activity(id),
    queryFn: () => api.get<ActivityResponse>(`${projectPath(id)}/activity`),
    meta: { topics: [projectTopic(id)] },
  });
