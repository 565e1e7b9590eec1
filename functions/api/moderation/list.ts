import { httpHandler, signedIn } from '../../http/middleware.js';
import { pendingComments } from '../../queries/comments.js';
import { profilesOf } from '../../queries/projects.js';
import { getRuntime } from '../../core/runtime.js';
import type { ModerationResponse } from '../contracts/activity.js';
import { commentView } from '../projects/present.js';

/** GET /api/moderation (admins): pending comments of every project, newest first, with author and project title. */
export const handler = httpHandler({}, async (request) => {
  signedIn(request);
  const runtime = getRuntime();
  const comments = await pendingComments(runtime);
  const profiles = await profilesOf(runtime, comments.map((comment) => comment.user_id));
  const body: ModerationResponse = { comments: comments.map((comment) => commentView(comment, profiles)) };
  return { body };
});
