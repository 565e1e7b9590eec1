import { commentsPartition } from './keys.js';
import type { ProjectComment } from './state.js';
import type { Runtime } from '../../platform/runtime.js';
import type { ViewItem } from '../../platform/views/views.js';
import { ACTIVITY_LIMIT } from '../activity/contracts.js';
import { counterItemKey } from '../../platform/views/projector.js';
import { PENDING_COMMENTS_COUNTER } from './project-index.js';
import { pageOfPartitions } from '../../platform/views/paging.js';
import type { UserDoc } from '../users/queries.js';
import type { AuthorView, CommentView } from '../activity/contracts.js';

/** A comment item of the projects projection: the comment with its project's id and title. */
export type CommentDoc = ProjectComment & { project_id: string; project_title: string };

const parse = (item: ViewItem) => JSON.parse(item.comment as string) as CommentDoc;

/** A project's comments (rejected ones are gone), newest first, at most `limit`. */
export async function commentsOfProject(
  runtime: Runtime,
  projectId: string,
  limit = ACTIVITY_LIMIT,
): Promise<CommentDoc[]> {
  const { active } = await runtime.views.generations();
  return (await runtime.views.query(active, { pk: commentsPartition(projectId) }, { limit })).map(parse);
}

/** The moderation queue: pending comments of every project, newest first, a page at a time, and their number (a counter). */
export async function pendingCommentsPage(
  runtime: Runtime,
  page: { scope: string; limit: number; cursor?: string },
): Promise<{ comments: CommentDoc[]; total: number; nextCursor: string | null }> {
  const { active } = await runtime.views.generations();
  const [result, [counter]] = await Promise.all([
    pageOfPartitions(runtime, [{ index: 'gsi4', pk: 'moderation' }], page),
    runtime.views.batchGet(active, [counterItemKey(PENDING_COMMENTS_COUNTER)]),
  ]);
  return {
    comments: result.items.map(parse),
    total: Math.max(0, Number(counter?.n ?? 0)),
    nextCursor: result.nextCursor,
  };
}

export function authorOf(profiles: Map<string, UserDoc>, id: string): AuthorView | null {
  const user = profiles.get(id);
  return user ? { id, full_name: user.full_name, email: user.email } : null;
}

export function commentView(comment: CommentDoc, profiles: Map<string, UserDoc>): CommentView {
  return {
    id: comment.id,
    project_id: comment.project_id,
    project_title: comment.project_title,
    user_id: comment.user_id,
    author_role: comment.author_role,
    content: comment.content,
    approved: comment.approved,
    approved_by: comment.approved_by,
    approved_at: comment.approved_at,
    created_at: comment.created_at,
    author: authorOf(profiles, comment.user_id),
  };
}
