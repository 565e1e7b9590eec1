/**
 * The guards that make a counter item's `ADD` happen once per (stream, step), kept on the counter
 * item itself because only a single-item condition is atomic with the `ADD`.
 *
 * Each projection's checkpoint of a stream that changes a counter owns one guard attribute on it
 * (`g_` + a 53-bit hash of the checkpoint's key: no two owners of a store share one in practice).
 * Its value says the last version of that stream applied to the counter, and when: `version * 1e8 + epoch minute`. A
 * step is applied only while the guard is below `version * 1e8`, which refuses:
 * - the SDK's retry of an update that landed but whose answer was lost (same version);
 * - a second settler of the same step: a redelivery, or another instance that read the same
 *   pending counts (same version);
 * - a late settler of an older step, after the stream moved on (lower version). A stream's step is
 *   only committed after its previous step's counts are all applied, so a guard at a later version
 *   proves the older step was applied too.
 * Another stream's steps never touch this stream's guard, whatever order they land in.
 *
 * A guard is needed only while a settle of its step may still be under way or be retried: a Lambda
 * ends within 15 minutes, DynamoDB refuses a request signed 5 minutes earlier, and Lambda retries a
 * failed asynchronous delivery within minutes. A settle that fails part-way leaves on the checkpoint
 * only the counters it has not applied (projector.ts, best effort), so a redrive hours later applies
 * just those. Guards older than `GUARD_LIFETIME_MINUTES` are removed by an update of the counter that
 * finds `EXPIRED_GUARDS_SWEPT_AT` of them, which keeps the item (and what each update costs, billed by
 * item size) to the streams of the last hour and a few more. What is left: a settle that fails right
 * after an update and cannot record it, then redriven after the hour, or a process suspended
 * mid-settle for an hour, counts a step twice (a replay recounts).
 */
export const GUARD_LIFETIME_MINUTES = 60;
const MINUTE_SPAN = 1e8;
/** `version * MINUTE_SPAN + minute` stays a safe integer below this version. */
export const MAX_GUARDED_VERSION = Math.floor(Number.MAX_SAFE_INTEGER / MINUTE_SPAN) - 1;

/** cyrb53: a fast non-cryptographic 53-bit string hash (public domain, bryc). */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** `owner`: what counts one step at a time (the projector's checkpoint key of a stream). */
export const guardAttribute = (owner: string) => `g_${hash53(owner).toString(36)}`;

/** The least guard value that shows `version` (or a later one) applied. */
export function guardFloor(version: number): number {
  if (!Number.isSafeInteger(version) || version < 1 || version > MAX_GUARDED_VERSION)
    throw new RangeError(`A counter step's version must be 1..${MAX_GUARDED_VERSION}, not ${version}`);
  return version * MINUTE_SPAN;
}

export const guardValue = (version: number, now: number) => guardFloor(version) + Math.floor(now / 60_000);

/** A counter item's guard attributes: ours (`g_…`) and the 64 slots of the scheme before them (`g0`…`g63`). */
export const isGuardAttribute = (name: string) => /^g(_[0-9a-z]+|\d+)$/.test(name);

/** Guards on a counter item no settle can still need: older than the lifetime, or of the slot scheme. */
/**
 * Expired guards are removed once this many have gathered (the slot scheme's tokens at once). A board
 * item is moved by every project that changes status: after its first hour, nearly every update finds
 * one guard just past its lifetime, and removing them one update at a time made a second call of
 * almost every counter update. An item keeps at most this many expired guards (about 20 bytes each).
 */
export const EXPIRED_GUARDS_SWEPT_AT = 16;

/** The guards the update that read `item` removes: the expired ones once there are enough of them. */
export function guardsToSweep(item: Record<string, unknown>, now: number): string[] {
  const expired = expiredGuards(item, now);
  const legacy = expired.some((name) => typeof item[name] !== 'number');
  return legacy || expired.length >= EXPIRED_GUARDS_SWEPT_AT ? expired : [];
}

export function expiredGuards(item: Record<string, unknown>, now: number): string[] {
  const minute = Math.floor(now / 60_000);
  return Object.keys(item).filter((name) => {
    if (!isGuardAttribute(name)) return false;
    const value = item[name];
    // The slot scheme's tokens (strings): no settle of this version reads them.
    if (typeof value !== 'number') return true;
    return minute - (value % MINUTE_SPAN) > GUARD_LIFETIME_MINUTES;
  });
}
