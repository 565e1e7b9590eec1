import type { Runtime } from '../../platform/runtime.js';
import {
  checklistOrigin,
  spendReceipt,
  type ChecklistOrigin,
  type ChecklistTask,
  type ReceiptProof,
} from './estimate-receipt.js';

/**
 * What the project submission may ask of the checklist step: is this receipt the caller's, for this
 * brief, and unexpired (verifyReceipt, else 400), and, on the submission, how the submitted checklist
 * came about. Issuing receipts and the checklist's hash stay this feature's own (estimate-receipt.ts).
 */
export { invalidReceipt, verifyReceipt, type ChecklistOrigin, type ReceiptProof } from './estimate-receipt.js';

/**
 * Spends the receipt (its first use only, whatever the race) and says what it proves of the
 * submitted checklist: 'generated' when it is the one the receipt answered, 'edited' when not, and
 * 'manual' when the receipt was used before.
 */
export async function spendReceiptOn(
  runtime: Runtime,
  proof: ReceiptProof,
  submitted: readonly ChecklistTask[],
): Promise<ChecklistOrigin> {
  return checklistOrigin(proof, submitted, await spendReceipt(runtime, proof));
}
