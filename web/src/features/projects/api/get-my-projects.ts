import { infiniteQueryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ListProjectsResponse } from '../../../lib/contracts.js';
import { PROJECTS_TOPIC, projectKeys } from './keys.js';

/** GET /api/projects: the caller's projects, newest first, a page per cursor. */
export const myProjectsQuery = () =>
  infiniteQueryOptions({
    queryKey: projectKeys.mine(),
    queryFn: ({ pageParam }) =>
      api.get<ListProjectsResponse>(pageParam ? `/projects?cursor=${encodeURIComponent(pageParam)}` : '/projects'),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    meta: { topics: [PROJECTS_TOPIC] },
  });
