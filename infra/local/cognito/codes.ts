import { timingSafeEqual } from 'node:crypto';
import { CODE_RULES, LIMIT_EXCEEDED_MESSAGE } from './rules.js';
import { CognitoError } from './shim-wire.js';

interface Issued {
  code: string;
  /** Where the code went: a code sent to one address proves only that one. */
  destination: string;
  issuedAt: number;
}

interface Entry {
  issued?: Issued;
  failures: number;
  lockedUntil: number;
  sent: number[];
}

const MAX_ENTRIES = 50_000;

/**
 * The shim's book of codes: what cognito-local lacks (it keeps a code forever, takes any number of
 * guesses and sends any number of messages). Kept in memory and changed synchronously, so parallel
 * guesses are counted one by one; a restart of `npm start` forgets the codes it issued, which then
 * have to be asked for again (Cognito's survive, but only the operator restarts the stack).
 *
 * Keys name a purpose and a user (`forgot:<sub>`); unknown users get keys of their own, so an
 * attacker meets the same limits whether the address exists or not.
 */
export class CodeBook {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one code message for `key`; refuses beyond Cognito's per-user allowance. */
  noteMessage(key: string): void {
    const entry = this.entry(key);
    const since = this.now() - CODE_RULES.messageWindowSeconds * 1000;
    entry.sent = entry.sent.filter((at) => at > since);
    if (entry.sent.length >= CODE_RULES.maxMessagesPerWindow)
      throw new CognitoError('LimitExceededException', LIMIT_EXCEEDED_MESSAGE);
    entry.sent.push(this.now());
  }

  /**
   * A new code replaces the one before it (and its count of wrong guesses); also records one cognito-local made (an
   * unconfirmed sign-up).
   */
  issue(key: string, code: string, destination: string): void {
    const entry = this.entry(key);
    entry.issued = { code, destination, issuedAt: this.now() };
    entry.failures = 0;
  }

  /**
   * Checks a guess: answers the code's destination, or throws Cognito's error (CodeMismatchException,
   * ExpiredCodeException, LimitExceededException once the guesses are spent). Does not use the code
   * up: `consume` does, once the action it allows has been done.
   */
  check(key: string, guess: unknown): string {
    const entry = this.entry(key);
    const now = this.now();
    if (entry.lockedUntil > now) throw new CognitoError('LimitExceededException', LIMIT_EXCEEDED_MESSAGE);
    const issued = entry.issued;
    if (issued && now - issued.issuedAt > CODE_RULES.lifetimeSeconds * 1000) {
      entry.issued = undefined;
      throw new CognitoError('ExpiredCodeException', 'Invalid code provided, please request a code again.');
    }
    if (!issued || !sameCode(issued.code, guess)) {
      entry.failures += 1;
      if (entry.failures >= CODE_RULES.maxFailedAttempts) {
        // The guesses are spent: the code is void, and the next ones wait out the lock-out.
        entry.issued = undefined;
        entry.failures = 0;
        entry.lockedUntil = now + CODE_RULES.lockoutSeconds * 1000;
      }
      throw new CognitoError('CodeMismatchException', 'Invalid verification code provided, please try again.');
    }
    return issued.destination;
  }

  /** A code is single use. */
  consume(key: string): void {
    const entry = this.entries.get(key);
    if (entry) entry.issued = undefined;
  }

  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      if (this.entries.size >= MAX_ENTRIES) this.prune();
      entry = { failures: 0, lockedUntil: 0, sent: [] };
      this.entries.set(key, entry);
    }
    return entry;
  }

  /** Drops what no longer limits anyone: no live code, no lock-out, no message in the window. */
  private prune(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      const live = entry.issued && now - entry.issued.issuedAt <= CODE_RULES.lifetimeSeconds * 1000;
      const recent = entry.sent.some((at) => now - at <= CODE_RULES.messageWindowSeconds * 1000);
      if (!live && !recent && entry.lockedUntil <= now) this.entries.delete(key);
    }
  }
}

function sameCode(expected: string, guess: unknown): boolean {
  if (typeof guess !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(guess);
  return a.length === b.length && timingSafeEqual(a, b);
}
