import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../events/envelope.js';
import { cognitoImportCsv, usersFromEvents } from '../../functions/features/users/ops/user-import.js';

/** After a lost user pool: the users the events hold, as a Cognito import CSV. */
const event = (streamId: string, version: number, type: string, data: Record<string, unknown>) =>
  ({
    streamId,
    version,
    type,
    schemaVersion: 1,
    eventId: `${streamId}-${version}`,
    at: '2026-11-01T00:00:00.000Z',
    actor: { sub: 'system', role: 'system' },
    data,
  }) as unknown as EventEnvelope;

const events = [
  event('user-a', 1, 'UserRegistered', {
    user_id: 'a',
    email: 'Ann@Example.com',
    full_name: 'Ann, "the" Architect',
    user_type: 'architect',
    initial_role: 'client',
  }),
  event('project-1', 1, 'ProjectSubmitted', { title: 'not a user' }),
  event('user-b', 1, 'UserRegistered', {
    user_id: 'b',
    email: 'bob@example.com',
    full_name: null,
    user_type: 'architect',
    initial_role: 'client',
  }),
  event('user-b', 2, 'RoleGranted', { role: 'admin' }),
  event('user-a', 2, 'ProfileUpdated', { full_name: 'Ann Architect' }),
  event('user-c', 1, 'UserRegistered', {
    user_id: 'c',
    email: 'cy@example.com',
    full_name: 'Cy',
    user_type: 'architect',
    initial_role: 'client',
  }),
  event('designer-cy@example.com', 1, 'DesignerAuthorized', { email: 'cy@example.com', user_id: 'c' }),
  event('user-c', 2, 'UserIdentityRelinked', { old_sub: 'c', new_sub: 'c2' }),
];

describe('users from the events', () => {
  it(
    'folds each user stream with the domain’s evolve: e-mail, current name, admin role, the sub it signs in with, ' +
      'its groups',
    () => {
      expect(usersFromEvents(events)).toEqual([
        {
          user_id: 'a',
          email: 'ann@example.com',
          full_name: 'Ann Architect',
          admin: false,
          identity_sub: 'a',
          groups: ['client'],
        },
        {
          user_id: 'b',
          email: 'bob@example.com',
          full_name: null,
          admin: true,
          identity_sub: 'b',
          groups: ['admin', 'client'],
        },
        {
          user_id: 'c',
          email: 'cy@example.com',
          full_name: 'Cy',
          admin: false,
          identity_sub: 'c2',
          groups: ['client', 'designer'],
        },
      ]);
    },
  );

  it('writes one row per user under the pool’s own header, quoting what needs it', () => {
    const header = ['name', 'email', 'email_verified', 'phone_number', 'cognito:mfa_enabled', 'cognito:username'];
    const users = usersFromEvents(events).filter((user) => user.user_id !== 'c');
    const csv = cognitoImportCsv(header, [
      ...users,
      {
        user_id: 'c',
        email: 'c@example.com',
        full_name: 'C, "Q"',
        admin: false,
        identity_sub: 'c',
        groups: ['client'],
      },
    ]);
    expect(csv.split('\n')).toEqual([
      'name,email,email_verified,phone_number,cognito:mfa_enabled,cognito:username',
      'Ann Architect,ann@example.com,true,,false,ann@example.com',
      ',bob@example.com,true,,false,bob@example.com',
      '"C, ""Q""",c@example.com,true,,false,c@example.com',
      '',
    ]);
    expect(() => cognitoImportCsv(['name', 'email'], [])).toThrow(/cognito:username/);
  });
});
