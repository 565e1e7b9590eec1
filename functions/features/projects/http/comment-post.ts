import { projectDecider, projectStream } from '../decider.js';
import { actorOf, provenEmailOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { newId } from '../../../platform/ids.js';
import { profilesOf } from '../queries.js';
import { appending } from '../../../app/runtime.js';
import { postCommentBody, type PostCommentResponse } from '../../activity/contracts.js';
import { projectIdParams } from '../contracts.js';
import { commentView } from '../present.js';

/**
 * POST /api/projects/{id}/comments: admins and the assigned designer comment; the comment is stored
 * pending ('Pending Approval') until an admin approves it. The text is kept as typed (trimmed) and
 * is only ever shown as text.
 */
export const handler = httpHandler({ params: projectIdParams, body: postCommentBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const commentId = newId();
  const result = await runCommand(
    projectDecider,
    projectStream(request.params.id),
    { type: 'PostComment', comment_id: commentId, content: request.body.content },
    {
      actor: actorOf(principal),
      actorEmail: provenEmailOf(principal),
      correlationId: request.correlationId || undefined,
    },
    runtime,
  );
  const pending = result.state.pending_comments.find((candidate) => candidate.id === commentId)!;
  const profiles = await profilesOf(runtime, [principal.sub]);
  const comment = {
    id: commentId,
    content: request.body.content.trim(),
    user_id: principal.sub,
    author_role: actorOf(principal).role,
    approved: false,
    approved_by: null,
    approved_at: null,
    created_at: pending.created_at,
    project_id: request.params.id,
    project_title: result.state.title,
  };
  const body: PostCommentResponse = { comment: commentView(comment, profiles) };
  return { status: 201, body };
});
