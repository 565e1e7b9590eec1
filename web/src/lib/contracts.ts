/**
 * The API's request and response types, taken from the route contracts beside the handlers
 * (`import type` only: nothing of the server is bundled), so a contract change breaks this build.
 */
export type { MeResponse } from '#features/users/contracts.js';
export type {
  ListProjectsResponse,
  ProjectCard,
  ProjectDetail,
  ProjectResponse,
} from '#features/projects/contracts.js';
export type { ProjectStatus } from '#shared/vocabulary.js';
