import { commentApprovalKey, commentKey, commentsPartition, type CommentApproval, type CommentRecord } from './keys.js';
import type { ProjectComment } from './contracts.js';
import type { Runtime } from '../../platform/runtime.js';
import type { ViewItem } from '../../platform/views/views.js';
import { ACTIVITY_LIMIT } from '../activity/contracts.js';
import { readCounters } from '../../platform/views/counters.js';
import { itemKey } from '../../platform/views/projection.js';
import { PENDING_COMMENTS_COUNTER } from './project-index.js';
import { pageOfPartitions } from '../../platform/views/paging.js';
import type { UserDoc } from '../users/queries.js';
import type { AuthorView, CommentView } from '../activity/contracts.js';

/** A comment as read: its own item, with its approval when there is one (projection.ts). */
export type CommentDoc = ProjectComment & { project_id: string; project_title: string };

const recordOf = (item: ViewItem) => JSON.parse(item.comment as string) as CommentRecord;

/** Comments with their approvals, read in one batch (a comment without one is pending). */
async function withApprovals(runtime: Runtime, gen: number, records: CommentRecord[]): Promise<CommentDoc[]> {
  if (records.length === 0) return [];
  const keys = records.map((record) => commentApprovalKey(record.project_id, record.id));
  const approvals = new Map(
    (await runtime.views.batchGet(gen, keys)).map((item) => [
      itemKey(item),
      JSON.parse(item.approval as string) as CommentApproval,
    ]),
  );
  return records.map((record, i) => {
    const approval = approvals.get(itemKey(keys[i]!));
    return {
      ...record,
      approved: approval !== undefined,
      approved_by: approval?.approved_by ?? null,
      approved_at: approval?.approved_at ?? null,
    };
  });
}

/** A project's comments (rejected ones are gone), newest first, at most `limit`. */
export async function commentsOfProject(
  runtime: Runtime,
  projectId: string,
  limit = ACTIVITY_LIMIT,
): Promise<CommentDoc[]> {
  const { active } = await runtime.views.generations();
  const records = (await runtime.views.query(active, { pk: commentsPartition(projectId) }, { limit })).map(recordOf);
  return withApprovals(runtime, active, records);
}

/**
 * The moderation queue: pending comments of every project, newest first, a page at a time, and their
 * number (a counter). The queue lists where each comment is; its text is read from its own item.
 */
export async function pendingCommentsPage(
  runtime: Runtime,
  page: { scope: string; limit: number; cursor?: string },
): Promise<{ comments: CommentDoc[]; total: number; nextCursor: string | null }> {
  const { active } = await runtime.views.generations();
  const [result, count] = await Promise.all([
    pageOfPartitions(runtime, [{ index: 'gsi4', pk: 'moderation' }], page),
    readCounters(runtime.views, active, [PENDING_COMMENTS_COUNTER]),
  ]);
  const keys = result.items.map((item) => {
    const [createdAt, id] = splitSort(String(item.sk));
    return commentKey(String(item.project_id), createdAt, id);
  });
  const records = new Map(
    (keys.length ? await runtime.views.batchGet(active, keys) : []).map((item) => [itemKey(item), recordOf(item)]),
  );
  const comments = keys.flatMap((key) => {
    const record = records.get(itemKey(key));
    return record ? [{ ...record, approved: false, approved_by: null, approved_at: null }] : [];
  });
  return { comments, total: count(PENDING_COMMENTS_COUNTER), nextCursor: result.nextCursor };
}

/** `<created_at>#<id>` (an ISO instant has no '#'). */
function splitSort(sort: string): [string, string] {
  const at = sort.indexOf('#');
  return [sort.slice(0, at), sort.slice(at + 1)];
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
