import { createHmac, randomBytes } from 'node:crypto';

/**
 * The keys the API signs its own tokens with (page cursors, estimate receipts), one per use so a
 * token of one kind never verifies as another. Each is derived from API_SIGNING_KEY where the runtime
 * sets one (the embedded stack, from its secrets), else from the API's origin secret (Secrets
 * Manager, resolved into every API function's environment at deploy, ORIGIN_VERIFY_SECRET:
 * "current[,previous]"). Rotating that secret invalidates the tokens: a list answers INVALID_CURSOR
 * once and starts again from its first page; a wizard asks for its checklist again.
 */
const derived = new Map<string, string>();
let processBase: string | undefined;

function base(): string {
  const configured = process.env.API_SIGNING_KEY ?? process.env.ORIGIN_VERIFY_SECRET?.split(',')[0]?.trim();
  if (configured) return configured;
  // Nothing configured (a test of one handler): a key of this process, so forged tokens still fail.
  return (processBase ??= randomBytes(32).toString('base64url'));
}

export function signingKey(use: string): string {
  let key = derived.get(use);
  if (!key) {
    key = createHmac('sha256', base()).update(`design-club ${use}`).digest('base64url');
    derived.set(use, key);
  }
  return key;
}
