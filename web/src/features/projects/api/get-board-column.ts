import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ProjectStatus } from '../../../lib/contracts.js';
import { PROJECTS_TOPIC, projectKeys } from './keys.js';
import { listProjects } from './list-projects.js';
import type { ProjectFilters } from './project-filters.js';

/** Cards a column loads at a time ("Load more" at its foot brings the next ones). */
export const BOARD_PAGE_SIZE = 25;

/** GET /api/projects?status=…: one column of the admin board, with the board's filters, a page per cursor. */
export const boardColumnQuery = (filters: ProjectFilters, status: ProjectStatus) =>
  infiniteQueryOptions({
    queryKey: projectKeys.boardColumn(filters, status),
    queryFn: ({ pageParam }) =>
      listProjects({ ...filters, status, limit: String(BOARD_PAGE_SIZE), ...(pageParam ? { cursor: pageParam } : {}) }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    meta: { topics: [PROJECTS_TOPIC] },
  });
