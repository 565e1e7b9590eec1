import type { EventEnvelope } from '#events/envelope.js';
import type { SystemRole } from '#shared/vocabulary.js';
import { designerEvolution, type DesignerState } from '../../designers/state.js';
import { identitySubOf, userEvolution, userRoles, type UserState } from '../state.js';

/** A registered user as the events know them, for re-creating the Cognito account. */
export interface RecoveredUser {
  /** The id in the events (`user-<id>`): the `sub` of the lost pool. */
  user_id: string;
  email: string;
  full_name: string | null;
  admin: boolean;
  /** The Cognito sub the user signs in with now (a previous relink), else `user_id`. */
  identity_sub: string;
  /** The Cognito groups the events give the account (what the cognito-groups reactor keeps in step). */
  groups: SystemRole[];
}

/**
 * Every registered user from the events of the `user-<sub>` streams, folded with the domain's own
 * `evolve`: the e-mail, the current name, whether the stream holds the admin role, and (from the
 * `designer-<email>` streams) whether an active designer authorisation is linked to the account.
 */
export function usersFromEvents(events: Iterable<EventEnvelope>): RecoveredUser[] {
  const states = new Map<string, UserState>();
  const designers = new Map<string, DesignerState>();
  for (const event of events) {
    if (event.streamId.startsWith('user-')) {
      states.set(
        event.streamId,
        userEvolution.evolve(states.get(event.streamId) ?? userEvolution.initialState(), event as never),
      );
    } else if (event.streamId.startsWith('designer-')) {
      designers.set(
        event.streamId,
        designerEvolution.evolve(designers.get(event.streamId) ?? designerEvolution.initialState(), event as never),
      );
    }
  }
  const designerAccounts = new Set(
    [...designers.values()]
      .filter((designer) => designer.status === 'active' && designer.user_id)
      .map((designer) => designer.user_id!),
  );
  return [...states.values()]
    .filter((state) => state.registered && state.user_id && state.email)
    .map((state) => {
      const admin = userRoles(state).includes('admin');
      const groups = new Set<SystemRole>();
      // The registration's role, as the reactor sets it (designer rights come from the designer streams only).
      if ((state.initial_role ?? 'client') !== 'designer') groups.add(state.initial_role ?? 'client');
      if (admin) groups.add('admin');
      if (designerAccounts.has(state.user_id!)) groups.add('designer');
      return {
        user_id: state.user_id!,
        email: state.email!.toLowerCase(),
        full_name: state.full_name,
        admin,
        identity_sub: identitySubOf(state)!,
        groups: [...groups].sort(),
      };
    })
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
  if (!header.includes('cognito:username'))
    throw new Error(
      'The header must be the pool’s CSV header (aws cognito-idp get-csv-header): it has no cognito:username column.',
    );
  const rows = users.map((user) => header.map((column) => cell(value(column, user))).join(','));
  return `${[header.map(cell).join(','), ...rows].join('\n')}\n`;
}
