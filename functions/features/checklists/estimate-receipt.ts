import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../events/canonical-json.js';
import { HttpError } from '../../platform/errors.js';
import { newId } from '../../platform/ids.js';
import { claimOnce } from '../../platform/quotas.js';
import type { Runtime } from '../../platform/runtime.js';
import { decodeSigned, encodeSigned } from '../../platform/signed-token.js';

/**
 * What the checklist step tells the submission about its estimate, signed by the server: who asked,
 * for which category and type, what produced it, whether it was given the studio's own record, and
 * which checklist it answered (a hash of its tasks and hours). The submission records the project's
 * checklist as AI-generated only when it is that checklist, the first time the receipt is used, so
 * a client cannot label a hand-made (or 1,000-hour) checklist as the estimator's and skew the
 * estimate figures (insights) or what the estimator learns from them.
 */
export interface EstimateFacts {
  sub: string;
  category: string;
  type: string;
  source: 'bedrock' | 'local';
  basis: 'studio' | 'generic';
}

/** What a verified receipt proves, beyond the facts: which receipt it is and which checklist it answered. */
export interface ReceiptProof extends EstimateFacts {
  id: string;
  checklist: string;
  expiresAt: number;
}

/** How a submitted checklist came about, as the receipt proves it (recorded on ProjectSubmitted). */
export type ChecklistOrigin = 'generated' | 'edited' | 'manual';

export interface ChecklistTask {
  task_name: string;
  estimated_hours: number;
}

/** A wizard left open this long asks for its checklist again. */
const RECEIPT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_RECEIPT_LENGTH = 1_024;
const USE = 'estimate receipts';

/** A receipt holds for one caller and one brief's category and type. */
const scopeOf = (facts: Pick<EstimateFacts, 'sub' | 'category' | 'type'>) =>
  JSON.stringify([facts.sub, facts.category, facts.type]);

/**
 * The checklist's identity: canonical JSON of its tasks (names trimmed, as the submission stores them) and hours, in
 * order.
 */
export function checklistHash(tasks: readonly ChecklistTask[]): string {
  const canonical = canonicalJson(
    tasks.map((task) => ({ task_name: task.task_name.trim(), estimated_hours: task.estimated_hours })),
  );
  return createHash('sha256').update(canonical).digest('base64url');
}

export function issueReceipt(facts: EstimateFacts & { checklist: readonly ChecklistTask[] }, now = Date.now()): string {
  return encodeSigned(USE, scopeOf(facts), {
    id: newId(),
    source: facts.source,
    basis: facts.basis,
    h: checklistHash(facts.checklist),
    exp: now + RECEIPT_TTL_MS,
  });
}

export const invalidReceipt = () =>
  new HttpError(
    400,
    'INVALID_ESTIMATE_RECEIPT',
    "This checklist's estimate could not be verified. Go back to the checklist step and generate it again.",
  );

/** What a receipt proves for this caller and brief; anything else is refused with 400. */
export function verifyReceipt(
  receipt: string,
  expected: Pick<EstimateFacts, 'sub' | 'category' | 'type'>,
  now = Date.now(),
): ReceiptProof {
  const state = decodeSigned(USE, scopeOf(expected), receipt, MAX_RECEIPT_LENGTH);
  if (!state || !(Number(state.exp) > now) || typeof state.id !== 'string' || typeof state.h !== 'string')
    throw invalidReceipt();
  return {
    sub: expected.sub,
    category: expected.category,
    type: expected.type,
    source: state.source as EstimateFacts['source'],
    basis: state.basis as EstimateFacts['basis'],
    id: state.id,
    checklist: state.h,
    expiresAt: Number(state.exp),
  };
}

/**
 * The decision, without I/O: a checklist with no receipt (or the client's word that it is theirs) is
 * 'manual'; a receipt already used once proves nothing more and makes it 'manual' too; a first use
 * with the very checklist the receipt answered is 'generated'; with other tasks or hours 'edited'.
 */
export function checklistOrigin(
  proof: Pick<ReceiptProof, 'checklist'> | null,
  submitted: readonly ChecklistTask[],
  firstUse: boolean,
): ChecklistOrigin {
  if (!proof || !firstUse) return 'manual';
  return checklistHash(submitted) === proof.checklist ? 'generated' : 'edited';
}

/**
 * Records the receipt's use with a conditional write (an item per receipt, kept until the receipt
 * expires): true the first time, false ever after, whatever the race.
 */
export function spendReceipt(runtime: Runtime, proof: Pick<ReceiptProof, 'id' | 'expiresAt'>): Promise<boolean> {
  return claimOnce(runtime, 'estimateReceipt', proof.id, Math.ceil(proof.expiresAt / 1000));
}
