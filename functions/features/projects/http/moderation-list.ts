import { httpHandler, signedIn } from '../../../app/http.js';
import { pendingCommentsPage } from '../comment-queries.js';
import { cursorScope, pageLimit } from '../../../platform/views/paging.js';
import { profilesOf } from '../queries.js';
import { reading } from '../../../platform/views/reader.js';
import { MODERATION_PAGE, moderationQuery, type ModerationResponse } from '../../activity/contracts.js';
import { commentView } from '../present.js';

/**
 * GET /api/moderation (admins): pending comments of every project, newest first, a page at a time, with author, project
 * title and the total.
 */
export const handler = httpHandler({ query: moderationQuery }, async (request) => {
  signedIn(request);
  const runtime = reading();
  const page = await pendingCommentsPage(runtime, {
    scope: cursorScope('GET /api/moderation', {}),
    limit: pageLimit(request.query.limit, MODERATION_PAGE),
    cursor: request.query.cursor,
  });
  const profiles = await profilesOf(
    runtime,
    page.comments.map((comment) => comment.user_id),
  );
  const body: ModerationResponse = {
    comments: page.comments.map((comment) => commentView(comment, profiles)),
    total: page.total,
    ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
  };
  return { body };
});
