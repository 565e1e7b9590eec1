import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GENESIS_HASH, type EventEnvelope } from '../../events/envelope.js';
import { canonicalJson } from '../../events/canonical-json.js';
import { computeHash, verifyChain } from '../../events/hash-chain.js';

function chain(count: number): EventEnvelope[] {
  const events: EventEnvelope[] = [];
  let prevHash = GENESIS_HASH;
  for (let version = 1; version <= count; version += 1) {
    const unsigned = {
      streamId: 'project-x',
      version,
      type: 'Something',
      schemaVersion: 1,
      eventId: `01J${String(version).padStart(23, '0')}`,
      at: '2026-11-22T10:00:00.000Z',
      actor: { sub: 'u', role: 'client' as const },
      correlationId: 'c',
      causationId: null,
      data: { n: version, nested: { b: 1, a: [2, 1] } },
      prevHash,
    };
    const hash = computeHash(unsigned);
    events.push({ ...unsigned, hash });
    prevHash = hash;
  }
  return events;
}

describe('canonical JSON', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: undefined, c: [3, { z: 1, y: 2 }] } })).toBe(
      '{"a":{"c":[3,{"y":2,"z":1}]},"b":1}',
    );
  });
  it('is the same for the same content written in another order', () => {
    expect(canonicalJson({ x: 1, y: 2 })).toBe(canonicalJson({ y: 2, x: 1 }));
  });
  it('refuses numbers JSON cannot carry', () => {
    expect(() => canonicalJson({ n: Number.NaN })).toThrow();
  });
  it('writes exactly what the first (array-building) implementation wrote: stored hashes stay valid', () => {
    // The form every stored hash was computed over, kept here as the reference.
    const reference = (value: unknown): string => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
      if (Array.isArray(value))
        return `[${value.map((item) => reference(item === undefined ? null : item)).join(',')}]`;
      const entries = Object.entries(value as Record<string, unknown>)
        .filter(([, v]) => v !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
    };
    const member = fc.oneof(fc.jsonValue(), fc.constant(undefined));
    const value = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string({ unit: 'grapheme' }), member), fc.array(member));
    fc.assert(
      fc.property(value, (input) => {
        expect(canonicalJson(input)).toBe(reference(input));
      }),
      { numRuns: 2_000 },
    );
  });
});

describe('hash chain', () => {
  it('verifies an untouched stream', () => {
    expect(verifyChain(chain(5))).toEqual({ intact: true, events: 5 });
  });
  it('names the first altered event', () => {
    const events = chain(5);
    events[2] = { ...events[2]!, data: { ...events[2]!.data, n: 99 } };
    expect(verifyChain(events)).toMatchObject({
      intact: false,
      brokenAt: 3,
      reason: 'content does not match its hash',
    });
  });
  it('notices a removed event', () => {
    const events = chain(4);
    events.splice(1, 1);
    expect(verifyChain(events)).toMatchObject({ intact: false, brokenAt: 2 });
  });
  it('notices an event re-signed without its predecessor', () => {
    const events = chain(3);
    const forged = { ...events[1]!, data: { n: 'forged' }, prevHash: GENESIS_HASH };
    events[1] = { ...forged, hash: computeHash(forged) };
    expect(verifyChain(events)).toMatchObject({
      intact: false,
      brokenAt: 2,
      reason: 'prevHash does not match the previous event',
    });
  });
});
