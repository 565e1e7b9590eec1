import * as z from '#events/zod.js';
import { projectDocument } from '../state.js';
import { projectDecider, projectStream } from '../decider.js';
import { actorOf, provenEmailOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { toggleTaskBody, type ToggleTaskResponse } from '../contracts.js';

const ULID = '[0-9A-HJKMNP-TV-Z]{26}';
const params = /* @__PURE__ */ (() =>
  z.object({
    id: z.string().check(z.regex(new RegExp(`^${ULID}$`), 'Unknown project id')),
    taskId: z.string().check(z.regex(new RegExp(`^${ULID}-t\\d{1,4}$`), 'Unknown task id')),
  }))();

/**
 * PATCH /api/projects/{id}/tasks/{taskId}: marks a checklist task completed or not (admins and the
 * assigned designer). Logged 'Task completed' / 'Task reopened'; setting the same value again is a no-op.
 */
export const handler = httpHandler({ params, body: toggleTaskBody }, async (request) => {
  const principal = signedIn(request);
  const result = await runCommand(
    projectDecider,
    projectStream(request.params.id),
    { type: 'ToggleTask', checklist_id: request.params.taskId, completed: request.body.completed },
    {
      actor: actorOf(principal),
      actorEmail: provenEmailOf(principal),
      correlationId: request.correlationId || undefined,
    },
    appending(),
  );
  const document = projectDocument(result.state);
  const task = document.checklist.find((item) => item.checklist_id === request.params.taskId)!;
  const body: ToggleTaskResponse = { task, project: { ...document, id: request.params.id } };
  return { body };
});
