import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens the API signs and later reads back (page cursors, estimate receipts): base64url JSON, a dot,
 * and an HMAC over the payload and the scope it was made for, under a key of its own per use so a
 * token of one kind never verifies as another.
 *
 * Each key is derived from API_SIGNING_KEY where the runtime sets one (the embedded stack, from its
 * secrets), else from the API's origin secret (Secrets Manager, resolved into every API function's
 * environment at deploy, ORIGIN_VERIFY_SECRET: "current[,previous]"). Rotating that secret
 * invalidates the tokens: a list answers INVALID_CURSOR once and starts again from its first page; a
 * wizard asks for its checklist again.
 */
const derived = new Map<string, string>();
let processBase: string | undefined;

function base(): string {
  const configured = process.env.API_SIGNING_KEY ?? process.env.ORIGIN_VERIFY_SECRET?.split(',')[0]?.trim();
  if (configured) return configured;
  // Nothing configured (a test of one handler): a key of this process, so forged tokens still fail.
  return (processBase ??= randomBytes(32).toString('base64url'));
}

function signingKey(use: string): string {
  let key = derived.get(use);
  if (!key) {
    key = createHmac('sha256', base()).update(`design-club ${use}`).digest('base64url');
    derived.set(use, key);
  }
  return key;
}

const SEPARATOR = '.';
const sign = (use: string, scope: string, payload: string) =>
  createHmac('sha256', signingKey(use)).update(`${scope}\n${payload}`).digest('base64url');

export function encodeSigned(use: string, scope: string, state: Record<string, unknown>): string {
  const payload = Buffer.from(JSON.stringify(state)).toString('base64url');
  return `${payload}${SEPARATOR}${sign(use, scope, payload)}`;
}

/** The object inside a token made for this use and scope, or undefined for anything else. */
export function decodeSigned(
  use: string,
  scope: string,
  token: string,
  maxLength: number,
): Record<string, unknown> | undefined {
  if (token.length > maxLength) return undefined;
  const [payload, signature, ...rest] = token.split(SEPARATOR);
  if (!payload || !signature || rest.length > 0) return undefined;
  const expected = Buffer.from(sign(use, scope, payload));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const state = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return state && typeof state === 'object' && !Array.isArray(state) ? (state as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
