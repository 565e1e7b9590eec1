import { COMMENT_POSTED } from '../texts.js';
import { hasRole } from '../../../platform/http/auth.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { activityOfProject } from '../queries.js';
import { ACTIVITY_LIMIT } from '../contracts.js';
import { commentView, commentsOfProject } from '../../projects/queries.js';
import { getProject, profilesOf } from '../../projects/queries.js';
import { canReadProject } from '../../projects/queries.js';
import { activeTeamOf } from '../../users/queries.js';
import { reading } from '../../../platform/views/reader.js';
import type { ActivityResponse } from '../contracts.js';
import { projectIdParams } from '../../projects/contracts.js';
import { entryView } from '../present.js';

/**
 * GET /api/projects/{id}/activity, for readers of the project: the log (without the entries the feed
 * hides) and the comments, newest first, 100 each. Pending comments, and the quote of a pending
 * comment in its 'Comment posted' entry, reach admins and their author only; a rejected comment's
 * entry reaches admins only.
 */
export const handler = httpHandler({ params: projectIdParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = reading();
  const projectId = request.params.id;
  const [project, callerTeam] = await Promise.all([
    getProject(runtime, projectId),
    activeTeamOf(runtime, principal.sub),
  ]);
  if (!project || !canReadProject(principal, callerTeam, project))
    throw new HttpError(404, 'NOT_FOUND', 'Project not found');

  const admin = hasRole(principal, 'admin');
  const [entries, allComments] = await Promise.all([
    activityOfProject(runtime, projectId),
    commentsOfProject(runtime, projectId, admin ? ACTIVITY_LIMIT : ACTIVITY_LIMIT * 3),
  ]);
  const comments = allComments
    .filter((comment) => admin || comment.approved || comment.user_id === principal.sub)
    .slice(0, ACTIVITY_LIMIT);
  // 'Comment posted' entries stay in the feed (docs/product.md hides only approvals and rejections), but their
  // quote only reaches those who may read the comment: admins, its author while it is pending,
  // everyone once approved. A rejected comment has left the comments view: for anyone but admins its
  // entry goes too, rather than stay as an empty 'Comment posted' for a comment that will never come.
  // (The newest 100 entries name at most 100 comments, all among the newest 300 still there.)
  const present = new Set(allComments.map((comment) => comment.id));
  const readable = new Set(
    allComments
      .filter((comment) => admin || comment.approved || comment.user_id === principal.sub)
      .map((comment) => comment.id),
  );
  const shown = entries
    .filter((entry) => admin || entry.action !== COMMENT_POSTED || present.has(String(entry.metadata.comment_id)))
    .map((entry) =>
      entry.action === COMMENT_POSTED && !admin && !readable.has(String(entry.metadata.comment_id))
        ? { ...entry, details: null }
        : entry,
    );
  const profiles = await profilesOf(runtime, [
    ...entries.map((entry) => entry.user_id),
    ...comments.map((comment) => comment.user_id),
  ]);
  const body: ActivityResponse = {
    entries: shown.map((entry) => entryView(entry, profiles)),
    comments: comments.map((comment) => commentView(comment, profiles)),
  };
  return { body };
});
