import { hash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';
import { GENESIS_HASH, type ChainVerdict, type EventEnvelope } from './envelope.js';

/** The fields an event's hash covers: everything but the hash itself. */
export function hashedFields(event: Omit<EventEnvelope, 'hash'> & { hash?: string }): Record<string, unknown> {
  const { hash: _hash, ...rest } = event;
  return rest;
}

/**
 * sha256 of the previous hash followed by the event's canonical JSON. One-shot `crypto.hash` (Node
 * ≥ 20.12) over the joined text: the same digest as feeding both to a Hash object, without building
 * one per event (that was half of the store's own work on an append).
 */
export function computeHash(event: Omit<EventEnvelope, 'hash'> & { hash?: string }): string {
  const fields = event.hash === undefined ? event : hashedFields(event);
  return hash('sha256', event.prevHash + canonicalJson(fields), 'hex');
}

/**
 * Links events onto `prevHash`, oldest first: each gets the previous one's hash and its own over what
 * it holds (the stored, sealed form). The chain as the store's append writes it, and as the migration
 * to sealed fields rewrites it.
 */
export function chainEvents(
  events: readonly Omit<EventEnvelope, 'prevHash' | 'hash'>[],
  prevHash: string,
): EventEnvelope[] {
  let previous = prevHash;
  return events.map((event) => {
    const unsigned = { ...event, prevHash: previous };
    previous = computeHash(unsigned);
    return { ...unsigned, hash: previous };
  });
}

/** Checks a stream's events, oldest first, from version 1 (or from `after`'s successor). */
export function verifyChain(events: readonly EventEnvelope[], after?: { version: number; hash: string }): ChainVerdict {
  let expectedVersion = (after?.version ?? 0) + 1;
  let prevHash = after?.hash ?? GENESIS_HASH;
  for (const event of events) {
    if (event.version !== expectedVersion) {
      return {
        intact: false,
        brokenAt: expectedVersion,
        reason: `version ${expectedVersion} is missing (found ${event.version})`,
      };
    }
    if (event.prevHash !== prevHash) {
      return { intact: false, brokenAt: event.version, reason: 'prevHash does not match the previous event' };
    }
    if (computeHash(event) !== event.hash) {
      return { intact: false, brokenAt: event.version, reason: 'content does not match its hash' };
    }
    prevHash = event.hash;
    expectedVersion += 1;
  }
  return { intact: true, events: events.length };
}
