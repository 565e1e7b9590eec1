import { COMMENT_POSTED } from '../../consumers/projections/activity-log.js';
import { hasRole } from '../../http/auth.js';
import { HttpError } from '../../core/errors.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { ACTIVITY_LIMIT, activityOfProject } from '../../queries/activity.js';
import { commentsOfProject } from '../../queries/comments.js';
import { getProject, profilesOf } from '../../queries/projects.js';
import { getUser } from '../../queries/users.js';
import { getRuntime } from '../../core/runtime.js';
import type { ActivityResponse } from '../contracts/activity.js';
import { canReadProject } from './access.js';
import { projectIdParams } from './get.js';
import { commentView, entryView } from './present.js';

/**
 * GET /api/projects/{id}/activity, for readers of the project: the log (without the entries the feed
 * hides) and the comments, newest first, 100 each. Pending comments, and the 'Comment posted' entry
 * of a pending or rejected comment, reach admins and their author only.
 */
export const handler = httpHandler({ params: projectIdParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const projectId = request.params.id;
  const [project, user] = await Promise.all([getProject(runtime, projectId), getUser(runtime, principal.sub)]);
  if (!project || !canReadProject(principal, user, project)) throw new HttpError(404, 'NOT_FOUND', 'Project not found');

  const admin = hasRole(principal, 'admin');
  const [entries, allComments] = await Promise.all([
    activityOfProject(runtime, projectId),
    commentsOfProject(runtime, projectId, admin ? ACTIVITY_LIMIT : ACTIVITY_LIMIT * 3),
  ]);
  const comments = allComments.filter((comment) => admin || comment.approved || comment.user_id === principal.sub).slice(0, ACTIVITY_LIMIT);
  // A 'Comment posted' entry reaches only those who may read the comment: admins, its author while it
  // is pending, everyone once approved. Others would see an empty entry for a comment they never get
  // (a pending one, or a rejected one), so it is left out for them.
  const readable = new Set(allComments.filter((comment) => admin || comment.approved || comment.user_id === principal.sub).map((comment) => comment.id));
  const shown = entries.filter((entry) => admin || entry.action !== COMMENT_POSTED || readable.has(String(entry.metadata.comment_id)));
  const profiles = await profilesOf(runtime, [...entries.map((entry) => entry.user_id), ...comments.map((comment) => comment.user_id)]);
  const body: ActivityResponse = {
    entries: shown.map((entry) => entryView(entry, profiles)),
    comments: comments.map((comment) => commentView(comment, profiles)),
  };
  return { body };
});
