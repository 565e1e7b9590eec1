import { describe, expect, it } from 'vitest';
import { UserIdentityRelinked, UserRegistered } from './events.js';
import type { NewEvent } from '../../../events/envelope.js';
import { identityAliasesProjection, identityAliasKey } from './identity-aliases-projection.js';
import { identitySubOf, userDecider } from './decider.js';
import { deciderSpec } from '../../../tests/support/given-when-then.js';

const given = deciderSpec(userDecider);
const registered = UserRegistered.create({
  user_id: 'old',
  email: 'ann@example.com',
  full_name: 'Ann',
  company: null,
  phone: null,
  user_type: 'architect',
});
const relinked = (new_sub: string) => UserIdentityRelinked.create({ old_sub: 'old', new_sub });

describe('user decider: relinking a re-created account after a lost pool', () => {
  it('links the new sub to the user, once', () => {
    given([registered])
      .when({ type: 'RelinkIdentity', new_sub: 'new-1' })
      .then([relinked('new-1')]);
    given([registered, relinked('new-1')])
      .when({ type: 'RelinkIdentity', new_sub: 'new-1' })
      .then([]);
  });
  it('moves the link when the pool was lost again', () => {
    given([registered, relinked('new-1')])
      .when({ type: 'RelinkIdentity', new_sub: 'new-2' })
      .then([relinked('new-2')]);
  });
  it('records nothing for the sub the user already signs in with', () => {
    given([registered]).when({ type: 'RelinkIdentity', new_sub: 'old' }).then([]);
  });
  it('cannot link an unknown user', () => {
    given([]).when({ type: 'RelinkIdentity', new_sub: 'new-1' }).thenThrows('User not found', 'NOT_FOUND');
  });
  it('refuses an event without both subs', () => {
    expect(() => UserIdentityRelinked.create({ old_sub: 'old', new_sub: '' })).toThrow();
  });
});

describe('identity-aliases projection', () => {
  const stored = (events: NewEvent[]) =>
    events.map((event, i) => ({ ...event, streamId: 'user-old', version: i + 1, at: '2026-11-24T10:00:00.000Z' }));
  const fold = (events: ReturnType<typeof stored>) =>
    events.reduce(
      (state, event) => identityAliasesProjection.evolve(state, event as never),
      identityAliasesProjection.initialState(),
    );

  it('has no alias for a user who was never relinked', () => {
    expect(identityAliasesProjection.items(fold(stored([registered])), 'user-old')).toEqual([]);
    expect(identitySubOf(fold(stored([registered])))).toBe('old');
  });
  it('names the user by the new sub; a later relink replaces it; applying the events twice changes nothing', () => {
    const events = stored([registered, relinked('new-1')]);
    const once = identityAliasesProjection.items(fold(events), 'user-old');
    expect(once).toEqual([{ ...identityAliasKey('new-1'), user_id: 'old' }]);
    expect(identityAliasesProjection.items(fold([...events, ...events]), 'user-old')).toEqual(once);
    const again = stored([registered, relinked('new-1'), relinked('new-2')]);
    expect(identityAliasesProjection.items(fold(again), 'user-old')).toEqual([
      { ...identityAliasKey('new-2'), user_id: 'old' },
    ]);
    expect(identitySubOf(fold(again))).toBe('new-2');
  });
});
