import { HttpError } from './errors.js';
import { decodeSigned, encodeSigned } from './signed-token.js';

/**
 * What the checklist step tells the submission about its estimate, signed by the server: who asked,
 * for which category and type, what produced it and whether it was given the studio's own record.
 * The submission stores `checklist_source` and `estimate_basis` only as a receipt proves them, so a
 * client cannot label its own project 'studio' and skew the estimate-accuracy figures (insights).
 */
export interface EstimateFacts {
  sub: string;
  category: string;
  type: string;
  source: 'bedrock' | 'local';
  basis: 'studio' | 'generic';
}

/** A wizard left open this long asks for its checklist again. */
const RECEIPT_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_RECEIPT_LENGTH = 1_024;
const USE = 'estimate receipts';

/** A receipt holds for one caller and one brief's category and type. */
const scopeOf = (facts: Pick<EstimateFacts, 'sub' | 'category' | 'type'>) => JSON.stringify([facts.sub, facts.category, facts.type]);

export function issueReceipt(facts: EstimateFacts, now = Date.now()): string {
  return encodeSigned(USE, scopeOf(facts), { source: facts.source, basis: facts.basis, exp: now + RECEIPT_TTL_MS });
}

export const invalidReceipt = () =>
  new HttpError(400, 'INVALID_ESTIMATE_RECEIPT', "This checklist's estimate could not be verified. Go back to the checklist step and generate it again.");

/** The facts a receipt proves for this caller and brief; anything else is refused with 400. */
export function verifyReceipt(receipt: string, expected: Pick<EstimateFacts, 'sub' | 'category' | 'type'>, now = Date.now()): EstimateFacts {
  const state = decodeSigned(USE, scopeOf(expected), receipt, MAX_RECEIPT_LENGTH);
  if (!state || !(Number(state.exp) > now)) throw invalidReceipt();
  return { sub: expected.sub, category: expected.category, type: expected.type, source: state.source as EstimateFacts['source'], basis: state.basis as EstimateFacts['basis'] };
}
