import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { newId } from '../../../platform/ids.js';
import type { Runtime } from '../../../platform/runtime.js';
import { appending } from '../../../app/runtime.js';
import { invalidReceipt, spendReceiptOn, verifyReceipt, type ChecklistOrigin } from '../../checklists/receipts.js';
import { projectDocument } from '../state.js';
import { projectDecider, projectStream } from '../decider.js';
import { submitProjectBody, type ProjectResponse } from '../contracts.js';
import type * as z from '#events/zod.js';
import { projectOwner } from '../owner.js';
import { submitCommandOf } from '../submission.js';

/**
 * POST /api/projects: a client's submission, or an admin's on a client's behalf (the project is the
 * client's; the event's actor is the admin, so the audit shows who did it).
 */
export const handler = httpHandler({ body: submitProjectBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const owner = await projectOwner(runtime, principal, request.body.client_id);
  const body = await provenEstimate(runtime, request.body, principal.sub);
  const projectId = newId();
  const result = await runCommand(
    projectDecider,
    projectStream(projectId),
    submitCommandOf(body, projectId, owner),
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
    { newStream: true },
  );
  const response: ProjectResponse = { project: { ...projectDocument(result.state), id: projectId } };
  return { status: 201, body: response };
});

type SubmitProjectBody = z.output<typeof submitProjectBody>;

/**
 * The checklist's origin and estimate basis as the checklist step's receipt proves them. With no
 * receipt the checklist is the client's own ('manual', no basis; naming a generator or 'studio'
 * without one is refused). With one (the caller's, for this brief, unexpired, of the generator the
 * body names), its first use records the basis it proves, and the checklist as 'generated' when it
 * is the one the receipt answered, else 'edited'. A receipt used before is not refused: the project
 * is the client's to submit, but the receipt proves nothing more, so it is recorded as 'manual'
 * (insights count only 'generated' estimates, so one receipt can no longer vouch for many made-up
 * checklists). A body that names no generator with a receipt declines it: 'manual'.
 *
 * The origin is the one recorded provenance: the generator is only checked against the receipt, and
 * the spec's `grok_generated` is derived from the origin by the read model (state.ts), whatever the body says.
 */
async function provenEstimate(
  runtime: Runtime,
  body: SubmitProjectBody,
  sub: string,
): Promise<SubmitProjectBody & { checklist_origin: ChecklistOrigin }> {
  const manual = { ...body, estimate_basis: undefined, checklist_origin: 'manual' as const };
  if (!body.estimate_receipt) {
    if (body.estimate_basis === 'studio' || body.checklist_generator !== null) throw invalidReceipt();
    return manual;
  }
  const proof = verifyReceipt(body.estimate_receipt, { sub, category: body.project_category, type: body.project_type });
  if (body.checklist_generator === null) return manual;
  if (body.checklist_generator !== proof.source) throw invalidReceipt();
  const origin = await spendReceiptOn(runtime, proof, body.checklist);
  if (origin === 'manual') return manual;
  return { ...body, estimate_basis: proof.basis, checklist_origin: origin };
}
