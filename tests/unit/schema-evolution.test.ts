import { describe, expect, it } from 'vitest';
import { catalogue } from '../../functions/app/catalogue.js';
import { computeHash } from '../../events/hash-chain.js';
import { GENESIS_HASH, type EventEnvelope } from '../../events/envelope.js';
import { usersProjection } from '../../functions/features/users/projection.js';
import { userDecider } from '../../functions/features/users/decider.js';

function stored(schemaVersion: number, data: Record<string, unknown>): EventEnvelope {
  const unsigned = {
    streamId: 'user-u1',
    version: 1,
    type: 'UserRegistered',
    schemaVersion,
    eventId: '01JD0000000000000000000000',
    at: '2025-01-05T09:00:00.000Z',
    actor: { sub: 'system', role: 'system' as const },
    correlationId: 'c',
    causationId: null,
    data,
    prevHash: GENESIS_HASH,
  };
  return { ...unsigned, hash: computeHash(unsigned) };
}

const v1 = stored(1, {
  user_id: 'u1',
  email: 'ann@example.com',
  name: 'Ann Archer',
  company: 'Studio A',
  phone: null,
  user_type: 'architect',
});
const v2 = stored(2, {
  user_id: 'u1',
  email: 'ann@example.com',
  full_name: 'Ann Archer',
  company: 'Studio A',
  phone: null,
  user_type: 'architect',
  initial_role: 'client',
});

describe('UserRegistered v1 → v2', () => {
  it('is written at version 2 now', () => {
    expect(catalogue.currentVersion('UserRegistered')).toBe(2);
  });
  it('upcasts a stored v1 event to the v2 shape, leaving the stored event (and its hash) untouched', () => {
    const upcast = catalogue.upcast(v1);
    expect(upcast.data).toEqual(v2.data);
    expect(v1.data).toHaveProperty('name', 'Ann Archer');
    expect(computeHash(v1)).toBe(v1.hash);
  });
  it('replays v1 and v2 histories to the same state and the same projection', () => {
    const fold = (event: EventEnvelope) => userDecider.evolve(userDecider.initialState(), catalogue.upcast(event));
    expect(fold(v1)).toEqual(fold(v2));
    expect(usersProjection.items(fold(v1), 'user-u1')).toEqual(usersProjection.items(fold(v2), 'user-u1'));
  });
  it('refuses a v1 event that does not match the v1 schema', () => {
    expect(() => catalogue.upcast(stored(1, { user_id: 'u1' }))).toThrow();
  });
});
