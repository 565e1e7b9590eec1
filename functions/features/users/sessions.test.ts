import { describe, expect, it } from 'vitest';
import {
  EmailProven,
  PasswordResetCompleted,
  PasswordResetRequested,
  RoleGranted,
  RoleRevoked,
  SessionsEnded,
  UserRegistered,
} from './events.js';
import { sessionsValidFrom, userDecider, userEvolution } from './decider.js';
import { isRevoked } from '../../platform/http/auth.js';
import { usersProjection } from './projection.js';
import { deciderSpec } from '../../../tests/support/given-when-then.js';

const given = deciderSpec(userDecider);
const registered = UserRegistered.create({
  user_id: 'u1',
  email: 'ann@example.com',
  full_name: 'Ann',
  company: null,
  phone: null,
  user_type: 'architect',
});
/** The spec's clock is 2026-11-22T10:00:00.000Z: sessions are valid again from the next whole second. */
const ended = (reason: Parameters<typeof SessionsEnded.create>[0]['reason']) =>
  SessionsEnded.create({ valid_from: '2026-11-22T10:00:01.000Z', reason });

describe('user decider: one session model', () => {
  it('ends every session on sign-out everywhere, for a registered user only', () => {
    given([registered])
      .when({ type: 'EndSessions', reason: 'sign_out_everywhere' })
      .then([ended('sign_out_everywhere')]);
    given([]).when({ type: 'EndSessions', reason: 'sign_out_everywhere' }).thenThrows('User not found', 'NOT_FOUND');
  });
  it('ends the sessions when a role is given or taken, and not when nothing changes', () => {
    given([registered])
      .when({ type: 'GrantRole', role: 'admin' })
      .then([RoleGranted.create({ role: 'admin' }), ended('role_changed')]);
    given([registered, RoleGranted.create({ role: 'admin' })])
      .when({ type: 'GrantRole', role: 'admin' })
      .then([]);
    given([registered, RoleGranted.create({ role: 'admin' })])
      .when({ type: 'RevokeRole', role: 'admin' })
      .then([RoleRevoked.create({ role: 'admin' }), ended('role_changed')]);
    given([registered]).when({ type: 'RevokeRole', role: 'admin' }).then([]);
  });
  it('records the first proof of an address and ends every earlier session; a second proof of it ends nothing', () => {
    given([registered])
      .when({ type: 'ProveEmail', email: 'Ann@Example.com', via: 'code' })
      .then([EmailProven.create({ email: 'ann@example.com', via: 'code' }), ended('email_proven')]);
    given([registered, EmailProven.create({ email: 'ann@example.com', via: 'code' })])
      .when({ type: 'ProveEmail', email: 'ann@example.com', via: 'code' })
      .then([]);
    given([])
      .when({ type: 'ProveEmail', email: 'ann@example.com', via: 'code' })
      .thenThrows('User not found', 'NOT_FOUND');
  });
  it('records a registration through an invitation as proven, with no session to end', () => {
    given([])
      .when({
        type: 'RegisterUser',
        user_id: 'u1',
        email: 'Ann@Example.com',
        full_name: 'Ann',
        email_proven: 'invitation',
      })
      .then([
        UserRegistered.create({
          user_id: 'u1',
          email: 'ann@example.com',
          full_name: 'Ann',
          company: null,
          phone: null,
          user_type: 'architect',
          initial_role: 'client',
        }),
        EmailProven.create({ email: 'ann@example.com', via: 'invitation' }),
      ]);
  });
  it('a reset link proves an address only the first time, and always ends the sessions', () => {
    const A = 'a'.repeat(64);
    const requested = PasswordResetRequested.create({ token_hash: A, expires_at: '2026-11-22T11:00:00.000Z' });
    given([registered, EmailProven.create({ email: 'ann@example.com', via: 'code' }), requested])
      .when({ type: 'CompletePasswordReset', token_hash: A, now: '2026-11-22T10:00:00.000Z' })
      .then([PasswordResetCompleted.create({ token_hash: A }), ended('password_reset')]);
  });
});

describe('the sessions instant', () => {
  it('is the whole second after the decision, and refuses sessions begun before it or in its second', () => {
    expect(sessionsValidFrom('2026-11-22T10:00:00.000Z')).toBe('2026-11-22T10:00:01.000Z');
    expect(sessionsValidFrom('2026-11-22T10:00:00.999Z')).toBe('2026-11-22T10:00:01.000Z');
    const validFrom = Date.parse('2026-11-22T10:00:01.000Z');
    const second = Date.parse('2026-11-22T10:00:00.000Z') / 1000;
    expect(isRevoked({ authTime: second }, validFrom)).toBe(true);
    expect(isRevoked({ authTime: second + 1 }, validFrom)).toBe(false);
    expect(isRevoked({ authTime: 0 }, null)).toBe(false);
  });
  it('never moves back when an older ending is folded after a newer one', () => {
    const at = (event: ReturnType<typeof SessionsEnded.create>, version: number) => ({
      ...event,
      at: '2026-11-22T10:00:00.000Z',
      actor: { sub: 'u1', role: 'client' as const },
      version,
    });
    const newer = SessionsEnded.create({ valid_from: '2026-11-22T12:00:00.000Z', reason: 'sign_out_everywhere' });
    const older = SessionsEnded.create({ valid_from: '2026-11-22T11:00:00.000Z', reason: 'password_reset' });
    const state = [at(newer, 2), at(older, 3)].reduce(
      userEvolution.evolve,
      userEvolution.evolve(userEvolution.initialState(), at(registered as never, 1)),
    );
    expect(state.sessions_valid_from).toBe('2026-11-22T12:00:00.000Z');
  });
  it('reaches the users projection, and applying the events twice changes nothing', () => {
    const events = [
      registered,
      EmailProven.create({ email: 'ann@example.com', via: 'code' }),
      ended('email_proven'),
    ].map((event, i) => ({
      ...event,
      streamId: 'user-u1',
      version: i + 1,
      at: '2026-11-22T10:00:00.000Z',
      actor: { sub: 'u1', role: 'client' as const },
    }));
    const fold = (list: typeof events) =>
      list.reduce((state, event) => usersProjection.evolve(state, event as never), usersProjection.initialState());
    const once = usersProjection.items(fold(events), 'user-u1');
    expect(usersProjection.items(fold([...events, ...events]), 'user-u1')).toEqual(once);
    expect(JSON.parse(once[0]!.doc as string)).toMatchObject({
      sessions_valid_from: '2026-11-22T10:00:01.000Z',
      email_proven: 'ann@example.com',
    });
  });
});
