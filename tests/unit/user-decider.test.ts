import { describe, expect, it } from 'vitest';
import { ProfileUpdated, UserRegistered } from '../../events/index.js';
import { userDecider } from '../../functions/domain/user.js';
import { deciderSpec } from '../support/given-when-then.js';

const given = deciderSpec(userDecider);
const registered = UserRegistered.create({ user_id: 'u1', email: 'ann@example.com', full_name: 'Ann', company: null, phone: null, user_type: 'architect' });

describe('user decider', () => {
  it('registers a new user, lower-casing the e-mail', () => {
    given([])
      .when({ type: 'RegisterUser', user_id: 'u1', email: 'Ann@Example.com', full_name: 'Ann' })
      .then([UserRegistered.create({ user_id: 'u1', email: 'ann@example.com', full_name: 'Ann', company: null, phone: null, user_type: 'architect', initial_role: 'client' })]);
  });
  it('treats a repeated registration (a retried trigger) as done', () => {
    given([registered]).when({ type: 'RegisterUser', user_id: 'u1', email: 'ann@example.com' }).then([]);
  });
  it('refuses a second registration with another e-mail', () => {
    given([registered]).when({ type: 'RegisterUser', user_id: 'u1', email: 'bob@example.com' }).thenThrows(/already registered/, 'CONFLICT');
  });
  it('records only the profile fields that change', () => {
    given([registered])
      .when({ type: 'UpdateProfile', full_name: 'Ann', company: 'Studio A', user_type: 'homeowner' })
      .then([ProfileUpdated.create({ company: 'Studio A', user_type: 'homeowner' })]);
  });
  it('keeps the fields a change leaves out (a new name does not clear the company)', () => {
    const withCompany = ProfileUpdated.create({ company: 'Studio A' });
    expect(ProfileUpdated.create({ full_name: 'Ann B' }).data).toEqual({ full_name: 'Ann B' });
    given([registered, withCompany]).when({ type: 'UpdateProfile', full_name: 'Ann B', company: 'Studio A' }).then([ProfileUpdated.create({ full_name: 'Ann B' })]);
    given([registered, withCompany, ProfileUpdated.create({ full_name: 'Ann B' })]).when({ type: 'UpdateProfile', company: 'Studio A' }).then([]);
  });
  it('records nothing when nothing changes', () => {
    given([registered]).when({ type: 'UpdateProfile', full_name: 'Ann' }).then([]);
  });
  it('cannot update the profile of an unknown user', () => {
    given([]).when({ type: 'UpdateProfile', company: 'X' }).thenThrows('User not found', 'NOT_FOUND');
  });
});
