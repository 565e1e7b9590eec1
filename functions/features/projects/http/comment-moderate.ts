import * as z from '#events/zod.js';
import { projectDecider, projectStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { appending } from '../../../app/runtime.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { moderateCommentBody, type ModerateCommentResponse } from '../../activity/contracts.js';

const params = /* @__PURE__ */ (() =>
  z.object({ id: z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown comment id')) }))();

/**
 * POST /api/comments/{id}/approve and POST /api/comments/{id}/reject (admins), one function for
 * both routes (the route key says which). Approve sets approved with approver and time ('Comment
 * approved'); reject removes the comment from every view ('Comment rejected') while its events stay
 * in the project's history.
 */
export const handler = httpHandler({ params, body: moderateCommentBody }, async (request) => {
  const principal = signedIn(request);
  const approve = !request.event.routeKey.endsWith('/reject');
  await runCommand(
    projectDecider,
    projectStream(request.body.project_id),
    { type: approve ? 'ApproveComment' : 'RejectComment', comment_id: request.params.id },
    { actor: actorOf(principal), actorEmail: principal.email, correlationId: request.correlationId || undefined },
    appending(),
  );
  const body: ModerateCommentResponse = { comment_id: request.params.id, approved: approve, removed: !approve };
  return { body };
});
