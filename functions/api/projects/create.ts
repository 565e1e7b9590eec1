import { actorOf } from '../../http/auth.js';
import { runCommand } from '../../core/command.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { newId } from '../../core/ids.js';
import { getRuntime } from '../../core/runtime.js';
import { projectDecider, projectStream } from '../../domain/project.js';
import { submitProjectBody, type ProjectResponse } from '../contracts/projects.js';
import { projectOwner } from './owner.js';
import { submitCommandOf } from './submission.js';

/**
 * POST /api/projects: a client's submission, or an admin's on a client's behalf (the project is the
 * client's; the event's actor is the admin, so the audit shows who did it).
 */
export const handler = httpHandler({ body: submitProjectBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const owner = await projectOwner(runtime, principal, request.body.client_id);
  const projectId = newId();
  const result = await runCommand(
    projectDecider,
    projectStream(projectId),
    submitCommandOf(request.body, projectId, owner),
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  const { comments: _comments, ...project } = result.state;
  const body: ProjectResponse = { project: { ...project, id: projectId } };
  return { status: 201, body };
});
