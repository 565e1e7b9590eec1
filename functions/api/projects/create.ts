import { actorOf } from '../../http/auth.js';
import { runCommand } from '../../core/command.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { newId } from '../../core/ids.js';
import { getRuntime } from '../../core/runtime.js';
import { invalidReceipt, verifyReceipt } from '../../core/estimate-receipt.js';
import { projectDecider, projectStream } from '../../domain/project.js';
import { submitProjectBody, type ProjectResponse } from '../contracts/projects.js';
import type * as z from '../../../events/zod.js';
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
  const body = provenEstimate(request.body, principal.sub);
  const projectId = newId();
  const result = await runCommand(
    projectDecider,
    projectStream(projectId),
    submitCommandOf(body, projectId, owner),
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  const { comments: _comments, ...project } = result.state;
  const response: ProjectResponse = { project: { ...project, id: projectId } };
  return { status: 201, body: response };
});

type SubmitProjectBody = z.output<typeof submitProjectBody>;

/**
 * The estimate's labels as the checklist step's receipt proves them: a checklist from the step
 * ('bedrock', 'local') and the 'studio' basis only with a receipt (insights split estimate accuracy
 * by the basis; the project shows where its checklist came from), the receipt's basis over the
 * body's, and no basis for a checklist written by hand.
 */
function provenEstimate(body: SubmitProjectBody, sub: string): SubmitProjectBody {
  if (!body.estimate_receipt) {
    if (body.estimate_basis === 'studio' || body.checklist_source !== 'manual') throw invalidReceipt();
    return body;
  }
  const facts = verifyReceipt(body.estimate_receipt, { sub, category: body.project_category, type: body.project_type });
  if (body.checklist_source === 'manual') return { ...body, estimate_basis: undefined };
  if (body.checklist_source !== facts.source) throw invalidReceipt();
  return { ...body, estimate_basis: facts.basis };
}
