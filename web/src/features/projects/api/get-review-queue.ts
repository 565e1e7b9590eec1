import { queryOptions } from '@tanstack/react-query';
import { PROJECTS_TOPIC, projectKeys } from './keys.js';
import { listProjects } from './list-projects.js';

/** GET /api/projects?status=needs_revision: the Designer Review queue. */
export const reviewQueueQuery = () =>
  queryOptions({
    queryKey: projectKeys.review(),
    queryFn: async () => (await listProjects({ status: 'needs_revision' })).projects,
    meta: { topics: [PROJECTS_TOPIC] },
  });
