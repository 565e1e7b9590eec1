import { commentsPartition } from '../consumers/projections/projects.js';
import type { ProjectComment } from '../domain/project.js';
import type { Runtime } from '../core/runtime.js';
import type { ViewItem } from '../core/views.js';
import { ACTIVITY_LIMIT } from './activity.js';

/** A comment item of the projects projection: the comment with its project's id and title. */
export type CommentDoc = ProjectComment & { project_id: string; project_title: string };

const parse = (item: ViewItem) => JSON.parse(item.comment as string) as CommentDoc;

/** A project's comments (rejected ones are gone), newest first, at most `limit`. */
export async function commentsOfProject(runtime: Runtime, projectId: string, limit = ACTIVITY_LIMIT): Promise<CommentDoc[]> {
  const { active } = await runtime.views.generations();
  return (await runtime.views.query(active, { pk: commentsPartition(projectId) }, { limit })).map(parse);
}

/** The moderation queue: pending comments of every project, newest first. */
export async function pendingComments(runtime: Runtime, limit = 500): Promise<CommentDoc[]> {
  const { active } = await runtime.views.generations();
  return (await runtime.views.query(active, { index: 'gsi4', pk: 'moderation' }, { limit })).map(parse);
}
