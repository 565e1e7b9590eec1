import { actorOf } from '../../http/auth.js';
import { runCommand } from '../../core/command.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { newId } from '../../core/ids.js';
import { getUser } from '../../queries/users.js';
import { getRuntime } from '../../core/runtime.js';
import { projectDecider, projectStream } from '../../domain/project.js';
import { submitProjectBody, type ProjectResponse } from '../contracts/projects.js';

export const handler = httpHandler({ body: submitProjectBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const user = await getUser(runtime, principal.sub);
  const projectId = newId();
  const { total_estimated_hours: _t, estimated_turnaround_days: _e, ...submission } = request.body;
  const result = await runCommand(
    projectDecider,
    projectStream(projectId),
    { type: 'SubmitProject', project_id: projectId, user_id: principal.sub, team_id: user?.team_id ?? null, ...submission },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  const { comments: _comments, ...project } = result.state;
  const body: ProjectResponse = { project: { ...project, id: projectId } };
  return { status: 201, body };
});
