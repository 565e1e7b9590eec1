import { describe, expect, it } from 'vitest';
import {
  EmailProven,
  PasswordResetCompleted,
  PasswordResetRequested,
  ProfileUpdated,
  SessionsEnded,
  UserRegistered,
  WelcomeSeen,
} from './events.js';
import { userDecider } from './decider.js';
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

describe('user decider', () => {
  it('registers a new user, lower-casing the e-mail', () => {
    given([])
      .when({ type: 'RegisterUser', user_id: 'u1', email: 'Ann@Example.com', full_name: 'Ann' })
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
      ]);
  });
  it('treats a repeated registration (a retried trigger) as done', () => {
    given([registered]).when({ type: 'RegisterUser', user_id: 'u1', email: 'ann@example.com' }).then([]);
  });
  it('refuses a second registration with another e-mail', () => {
    given([registered])
      .when({ type: 'RegisterUser', user_id: 'u1', email: 'bob@example.com' })
      .thenThrows(/already registered/, 'CONFLICT');
  });
  it('records only the profile fields that change', () => {
    given([registered])
      .when({ type: 'UpdateProfile', full_name: 'Ann', company: 'Studio A', user_type: 'homeowner' })
      .then([ProfileUpdated.create({ company: 'Studio A', user_type: 'homeowner' })]);
  });
  it('keeps the fields a change leaves out (a new name does not clear the company)', () => {
    const withCompany = ProfileUpdated.create({ company: 'Studio A' });
    expect(ProfileUpdated.create({ full_name: 'Ann B' }).data).toEqual({ full_name: 'Ann B' });
    given([registered, withCompany])
      .when({ type: 'UpdateProfile', full_name: 'Ann B', company: 'Studio A' })
      .then([ProfileUpdated.create({ full_name: 'Ann B' })]);
    given([registered, withCompany, ProfileUpdated.create({ full_name: 'Ann B' })])
      .when({ type: 'UpdateProfile', company: 'Studio A' })
      .then([]);
  });
  it('records nothing when nothing changes', () => {
    given([registered]).when({ type: 'UpdateProfile', full_name: 'Ann' }).then([]);
  });
  it('cannot update the profile of an unknown user', () => {
    given([]).when({ type: 'UpdateProfile', company: 'X' }).thenThrows('User not found', 'NOT_FOUND');
  });
});

describe('user decider: password reset by a mailed link', () => {
  const A = 'a'.repeat(64);
  const B = 'b'.repeat(64);
  const requested = (hash: string, expires_at = '2026-01-01T01:00:00.000Z') =>
    PasswordResetRequested.create({ token_hash: hash, expires_at });
  const now = '2026-01-01T00:30:00.000Z';

  it('records a request for a registered user, and none for an unknown one', () => {
    given([registered])
      .when({ type: 'RequestPasswordReset', token_hash: A, expires_at: '2026-01-01T01:00:00.000Z' })
      .then([requested(A)]);
    given([])
      .when({ type: 'RequestPasswordReset', token_hash: A, expires_at: '2026-01-01T01:00:00.000Z' })
      .thenThrows('User not found', 'NOT_FOUND');
  });
  it('completes a working link once: the mailbox is proven and every earlier session ends', () => {
    given([registered, requested(A)])
      .when({ type: 'CompletePasswordReset', token_hash: A, now })
      .then([
        PasswordResetCompleted.create({ token_hash: A }),
        EmailProven.create({ email: 'ann@example.com', via: 'reset_link' }),
        SessionsEnded.create({ valid_from: '2026-11-22T10:00:01.000Z', reason: 'password_reset' }),
      ]);
    given([registered, requested(A), PasswordResetCompleted.create({ token_hash: A })])
      .when({ type: 'CompletePasswordReset', token_hash: A, now })
      .thenThrows('Invalid or expired link', 'GONE');
  });
  it('refuses an expired, replaced or unknown link', () => {
    given([registered, requested(A)])
      .when({ type: 'CompletePasswordReset', token_hash: A, now: '2026-01-01T01:00:00.000Z' })
      .thenThrows('Invalid or expired link', 'GONE');
    given([registered, requested(A), requested(B)])
      .when({ type: 'CompletePasswordReset', token_hash: A, now })
      .thenThrows('Invalid or expired link', 'GONE');
    given([registered])
      .when({ type: 'CompletePasswordReset', token_hash: A, now })
      .thenThrows('Invalid or expired link', 'GONE');
  });
  it('the users projection keeps the link out of the profile, and applying the events twice changes nothing', () => {
    const events = [registered, requested(A), PasswordResetCompleted.create({ token_hash: A })].map((event, i) => ({
      ...event,
      streamId: 'user-u1',
      version: i + 1,
      at: now,
    }));
    const fold = (list: typeof events) =>
      list.reduce((state, event) => usersProjection.evolve(state, event as never), usersProjection.initialState());
    const once = usersProjection.items(fold(events), 'user-u1');
    expect(usersProjection.items(fold([...events, ...events.slice(1)]), 'user-u1')).toEqual(once);
    expect(once[0]!.doc).not.toContain(A);
    expect(once[0]!.doc).not.toContain('password_reset');
  });
});

describe("user decider: 'Welcome' belongs to the account (issue 44)", () => {
  it('records the first dashboard visit once; the projected profile carries when', () => {
    given([registered])
      .when({ type: 'SeeWelcome' })
      .then([WelcomeSeen.create({})]);
    given([registered, WelcomeSeen.create({})])
      .when({ type: 'SeeWelcome' })
      .then([]);
    given([]).when({ type: 'SeeWelcome' }).thenThrows('User not found', 'NOT_FOUND');
    expect(given([registered, WelcomeSeen.create({})]).state().welcomed_at).toEqual(expect.any(String));
  });
});
