import { createHmac, timingSafeEqual } from 'node:crypto';
import { HttpError } from './errors.js';
import { signingKey } from './signing-key.js';

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

const sign = (payload: string) => createHmac('sha256', signingKey('estimate receipts')).update(payload).digest('base64url');

export function issueReceipt(facts: EstimateFacts, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...facts, exp: now + RECEIPT_TTL_MS })).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

export const invalidReceipt = () =>
  new HttpError(400, 'INVALID_ESTIMATE_RECEIPT', "This checklist's estimate could not be verified. Go back to the checklist step and generate it again.");

/** The facts a receipt proves for this caller and brief; anything else is refused with 400. */
export function verifyReceipt(receipt: string, expected: Pick<EstimateFacts, 'sub' | 'category' | 'type'>, now = Date.now()): EstimateFacts {
  if (receipt.length > MAX_RECEIPT_LENGTH) throw invalidReceipt();
  const [payload, signature, ...rest] = receipt.split('.');
  if (!payload || !signature || rest.length > 0) throw invalidReceipt();
  const wanted = Buffer.from(sign(payload));
  const given = Buffer.from(signature);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalidReceipt();
  let facts: EstimateFacts & { exp: number };
  try {
    facts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalidReceipt();
  }
  if (facts.sub !== expected.sub || facts.category !== expected.category || facts.type !== expected.type || !(facts.exp > now)) throw invalidReceipt();
  return { sub: facts.sub, category: facts.category, type: facts.type, source: facts.source, basis: facts.basis };
}
