import type { EventEnvelope } from '../../events/index.js';
import { userDecider, userRoles, type UserState } from '../domain/user.js';

/** A registered user as the events know them, for re-creating the Cognito account. */
export interface RecoveredUser {
  /** The id in the events (`user-<id>`): the `sub` of the lost pool. */
  user_id: string;
  email: string;
  full_name: string | null;
  admin: boolean;
}

/**
 * Every registered user from the events of the `user-<sub>` streams, folded with the domain's own
 * `evolve`: the e-mail, the current name and whether the stream holds the admin role.
 */
export function usersFromEvents(events: Iterable<EventEnvelope>): RecoveredUser[] {
  const states = new Map<string, UserState>();
  for (const event of events) {
    if (!event.streamId.startsWith('user-')) continue;
    states.set(event.streamId, userDecider.evolve(states.get(event.streamId) ?? userDecider.initialState(), event as never));
  }
  return [...states.values()]
    .filter((state) => state.registered && state.user_id && state.email)
    .map((state) => ({ user_id: state.user_id!, email: state.email!.toLowerCase(), full_name: state.full_name, admin: userRoles(state).includes('admin') }))
    .sort((a, b) => a.email.localeCompare(b.email));
}

const cell = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The CSV of a Cognito user import job: the header is the pool's own (`aws cognito-idp
 * get-csv-header`), one row per user with the e-mail as user name, verified, the name, and every
 * other column empty. Imported users set their password with "Forgot password".
 */
export function cognitoImportCsv(header: readonly string[], users: readonly RecoveredUser[]): string {
  const value = (column: string, user: RecoveredUser): string => {
    switch (column) {
      case 'cognito:username':
      case 'email':
        return user.email;
      case 'email_verified':
        return 'true';
      case 'cognito:mfa_enabled':
        return 'false';
      case 'name':
        return user.full_name ?? '';
      default:
        return '';
    }
  };
  if (!header.includes('cognito:username')) throw new Error('The header must be the pool’s CSV header (aws cognito-idp get-csv-header): it has no cognito:username column.');
  return [header.map(cell).join(','), ...users.map((user) => header.map((column) => cell(value(column, user))).join(','))].join('\n') + '\n';
}
