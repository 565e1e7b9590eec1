import type { ProjectFilters } from './project-filters.js';
import type { ProjectStatus } from '../../../lib/contracts.js';

/**
 * The query keys of project views. Every list sits under `lists()` (a change to any project makes
 * them all stale); a project's own views sit under its `detail(id)`.
 */
export const projectKeys = {
  all: ['projects'] as const,
  lists: () => [...projectKeys.all, 'list'] as const,
  /** The caller's own projects (client, team member, designer): GET /api/projects. */
  mine: () => [...projectKeys.lists(), 'mine'] as const,
  /** One column of the admin board, for the board's filters. */
  boardColumn: (filters: ProjectFilters, status: ProjectStatus) =>
    [...projectKeys.lists(), 'board', filters, status] as const,
  /** Projects waiting for the designers' review (Designer Review tab). */
  review: () => [...projectKeys.lists(), 'review'] as const,
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  activity: (id: string) => [...projectKeys.all, 'activity', id] as const,
  /** The designers a project can be assigned to (the Management tab's choices). */
  designerChoices: () => ['designers', 'choices'] as const,
};

/** The live topics of one project's views, and of every project list. */
export const projectTopic = (id: string) => `project:${id}`;
export const PROJECTS_TOPIC = 'projects';

/** The API path of one project (GET, PATCH, and the routes under it). */
export const projectPath = (id: string) => `/projects/${encodeURIComponent(id)}`;
