import { describe, expect, it } from 'vitest';
import {
  ErasureCompleted,
  PersonalDataErased,
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

describe('user decider: erasure', () => {
  const erased = PersonalDataErased.create({
    erasure_id: '01JERASURE0000000000000000',
    requested_by: 'self',
    erased_by: 'u1',
    reference: null,
  });
  it('closes the account at once: the erasure and the end of every session in one decision', () => {
    given([registered])
      .when({ type: 'EraseAccount', erasure_id: '01JERASURE0000000000000000', requested_by: 'self', reference: null })
      .then([erased, SessionsEnded.create({ valid_from: '2026-11-22T10:00:01.000Z', reason: 'erased' })]);
  });
  it("keeps an admin's reference, and never the person's", () => {
    given([registered], { sub: 'admin-1', role: 'admin' })
      .when({
        type: 'EraseAccount',
        erasure_id: '01JERASURE0000000000000001',
        requested_by: 'admin',
        reference: 'DSR-42',
      })
      .then([
        PersonalDataErased.create({
          erasure_id: '01JERASURE0000000000000001',
          requested_by: 'admin',
          erased_by: 'admin-1',
          reference: 'DSR-42',
        }),
        SessionsEnded.create({ valid_from: '2026-11-22T10:00:01.000Z', reason: 'erased' }),
      ]);
  });
  it('refuses a second erasure, and every other command on an erased account', () => {
    given([registered, erased])
      .when({ type: 'EraseAccount', erasure_id: '01JERASURE0000000000000002', requested_by: 'self', reference: null })
      .thenThrows(/already being erased/, 'CONFLICT');
    given([registered, erased])
      .when({ type: 'UpdateProfile', full_name: 'Ann' })
      .thenThrows(/erased/, 'GONE');
    given([registered, erased])
      .when({ type: 'SeeWelcome' })
      .thenThrows(/erased/, 'GONE');
  });
  it('records the completion once, for its own erasure only', () => {
    const done = {
      type: 'CompleteErasure',
      erasure_id: '01JERASURE0000000000000000',
      keys_destroyed: 5,
      files_deleted: 2,
    } as const;
    given([registered, erased])
      .when(done)
      .then([
        ErasureCompleted.create({ erasure_id: '01JERASURE0000000000000000', keys_destroyed: 5, files_deleted: 2 }),
      ]);
    given([
      registered,
      erased,
      ErasureCompleted.create({ erasure_id: '01JERASURE0000000000000000', keys_destroyed: 5, files_deleted: 2 }),
    ])
      .when(done)
      .then([]);
    given([registered, erased])
      .when({ ...done, erasure_id: '01JOTHER000000000000000000' })
      .thenThrows(/Erasure not found/, 'NOT_FOUND');
  });
  it('shows the erasure in the erasure log, with no name or address', () => {
    const state = [registered, erased].reduce(
      (folded, event, index) =>
        usersProjection.evolve(folded, {
          ...event,
          streamId: 'user-u1',
          version: index + 1,
          at: '2026-11-22T10:00:00.000Z',
        } as never),
      usersProjection.initialState(),
    );
    const log = usersProjection.items(state, 'user-u1').find((item) => item.sk === 'erasure');
    expect(log).toMatchObject({ gsi5pk: 'erasures', gsi5sk: '2026-11-22T10:00:00.000Z#u1' });
    expect(JSON.parse(String(log!.doc))).toMatchObject({ user_id: 'u1', requested_by: 'self', completed_at: null });
  });
});
