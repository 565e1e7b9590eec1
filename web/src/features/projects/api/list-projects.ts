import type { ListProjectsResponse } from '#features/projects/contracts.js';
import { api } from '../../../app/api.js';
import { queryString } from '../../../lib/query-string.js';
import type { ProjectFilters } from './project-filters.js';

/** GET /api/projects with filters (the admin board's columns, the Designer Review queue). */
export const listProjects = (filters: Partial<ProjectFilters> & { limit?: string; cursor?: string } = {}) =>
  api.get<ListProjectsResponse>(`/projects${queryString(filters)}`);
