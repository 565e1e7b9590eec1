import { canonicalEmail } from '../../../shared/email.js';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../../shared/notification-kinds.js';
import {
  EmailProven,
  ErasureCompleted,
  PersonalDataErased,
  type ErasureRequester,
  WelcomeSeen,
  SessionsEnded,
  PasswordResetCompleted,
  PasswordResetRequested,
  ProfileUpdated,
  RoleGranted,
  RoleRevoked,
  UserIdentityRelinked,
  UserRegistered,
  type EmailProof,
  type SessionEndReason,
  type UserStreamRole,
} from './events.js';
import { NotificationPreferencesChanged } from '../notifications/events.js';
import type { SystemRole, UserType } from '../../../shared/vocabulary.js';
import type { Decider } from '../../platform/decider.js';
import { conflict, DomainError, notFound } from '../../platform/domain-errors.js';
import {
  ACCOUNT_ERASED,
  ERASURE_UNDER_WAY,
  identitySubOf,
  INVALID_RESET_LINK,
  isResetUsable,
  evolveUser,
  initialUserState,
  userRoles,
  type UserState,
} from './state.js';

/** The state and its fold live in state.ts; they are named here too for the command side. */
export { identitySubOf, INVALID_RESET_LINK, isResetUsable, userEvolution, userRoles, userStream } from './state.js';
export type { UserState } from './state.js';

export type UserCommand =
  /** `email_proven`: the address was proven at sign-up (the invitation link it was sent to). */
  | {
      type: 'RegisterUser';
      user_id: string;
      email: string;
      full_name?: string | null;
      company?: string | null;
      phone?: string | null;
      user_type?: UserType;
      initial_role?: SystemRole;
      email_proven?: 'invitation';
    }
  | { type: 'UpdateProfile'; full_name?: string | null; company?: string | null; user_type?: UserType }
  | { type: 'GrantRole'; role: UserStreamRole }
  | { type: 'RevokeRole'; role: UserStreamRole }
  | { type: 'RequestPasswordReset'; token_hash: string; expires_at: string }
  | { type: 'CompletePasswordReset'; token_hash: string; now: string }
  | {
      type: 'ChangeNotificationPreferences';
      preferences: Partial<NotificationPreferences>;
      via?: 'profile' | 'unsubscribe';
    }
  /** Operator only (the user import after a lost pool): the account now signs in as `new_sub`. */
  | { type: 'RelinkIdentity'; new_sub: string }
  /** Ends every session begun before now (the next whole second). */
  | { type: 'EndSessions'; reason: Exclude<SessionEndReason, 'email_proven'> }
  /**
   * The identity provider reports `email` verified: recorded once per address; the first proof ends earlier
   * sessions.
   */
  | { type: 'ProveEmail'; email: string; via: Exclude<EmailProof, 'invitation'> }
  /** The account's dashboard greeted it for the first time: recorded once. */
  | { type: 'SeeWelcome' }
  /**
   * Erase the account's personal data; `context.actor` is who asked (the person, or an admin with the
   * request's `reference`). The account is closed at once: its sessions end in the same commit.
   */
  | { type: 'EraseAccount'; erasure_id: string; requested_by: ErasureRequester; reference: string | null }
  /** The erasure reactor did every step. */
  | { type: 'CompleteErasure'; erasure_id: string; keys_destroyed: number; files_deleted: number };

/**
 * The instant from which sessions are valid again, for a decision at `now`: the next whole second.
 * Token times (`auth_time`) are whole seconds, so a session begun in the second of the decision
 * cannot be told from one begun just before it; both are refused, and a sign-in a second later works.
 */
export function sessionsValidFrom(now: string): string {
  return new Date((Math.floor(Date.parse(now) / 1000) + 1) * 1000).toISOString();
}

const endSessions = (now: string, reason: SessionEndReason) =>
  SessionsEnded.create({ valid_from: sessionsValidFrom(now), reason });

export const userDecider: Decider<UserCommand, UserState> = {
  // The functions themselves, not the Evolution's properties: the bundler can then drop an unused decider.
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state, context) {
    if (state.erasure && command.type !== 'CompleteErasure') {
      if (command.type === 'EraseAccount') throw conflict(ERASURE_UNDER_WAY);
      // A retried registration of the same account (Cognito's trigger) is not an error; nothing else is allowed.
      if (command.type === 'RegisterUser') return [];
      throw new DomainError('GONE', ACCOUNT_ERASED);
    }
    switch (command.type) {
      case 'EraseAccount': {
        if (!state.registered) throw notFound('User not found');
        return [
          PersonalDataErased.create({
            erasure_id: command.erasure_id,
            requested_by: command.requested_by,
            erased_by: context.actor.sub,
            reference: command.requested_by === 'admin' ? command.reference : null,
          }),
          endSessions(context.now, 'erased'),
        ];
      }
      case 'CompleteErasure': {
        if (!state.erasure || state.erasure.erasure_id !== command.erasure_id) throw notFound('Erasure not found');
        if (state.erasure.completed_at) return [];
        const { erasure_id, keys_destroyed, files_deleted } = command;
        return [ErasureCompleted.create({ erasure_id, keys_destroyed, files_deleted })];
      }
      case 'RegisterUser': {
        // Cognito may invoke the trigger more than once; registering twice is a no-op, not an error.
        if (state.registered) {
          if (state.email === canonicalEmail(command.email)) return [];
          throw conflict('This user is already registered with another e-mail');
        }
        const { type: _type, email_proven, ...data } = command;
        const email = canonicalEmail(data.email);
        // Proven at sign-up: there is no earlier session to end.
        return [
          UserRegistered.create({ ...data, email }),
          ...(email_proven ? [EmailProven.create({ email, via: email_proven })] : []),
        ];
      }
      case 'UpdateProfile': {
        if (!state.registered) throw notFound('User not found');
        const { type: _type, ...changes } = command;
        const changed = Object.fromEntries(
          Object.entries(changes).filter(
            ([key, value]) => value !== undefined && state[key as keyof UserState] !== value,
          ),
        );
        return Object.keys(changed).length === 0 ? [] : [ProfileUpdated.create(changed)];
      }
      // A role given or taken by someone else ends the account's sessions: open sockets close, and
      // tokens carrying the old groups are refused (rights themselves come from the projections).
      case 'GrantRole': {
        if (!state.registered) throw notFound('User not found');
        return userRoles(state).includes(command.role)
          ? []
          : [RoleGranted.create({ role: command.role }), endSessions(context.now, 'role_changed')];
      }
      case 'RevokeRole': {
        if (!state.registered) throw notFound('User not found');
        return userRoles(state).includes(command.role)
          ? [RoleRevoked.create({ role: command.role }), endSessions(context.now, 'role_changed')]
          : [];
      }
      case 'RequestPasswordReset': {
        if (!state.registered) throw notFound('User not found');
        return [PasswordResetRequested.create({ token_hash: command.token_hash, expires_at: command.expires_at })];
      }
      case 'CompletePasswordReset': {
        if (!isResetUsable(state, command.token_hash, command.now)) throw new DomainError('GONE', INVALID_RESET_LINK);
        // Following the link proved the mailbox; every session opened with the old password ends.
        const proof =
          state.email && state.email_proven !== state.email
            ? [EmailProven.create({ email: state.email, via: 'reset_link' })]
            : [];
        return [
          PasswordResetCompleted.create({ token_hash: command.token_hash }),
          ...proof,
          endSessions(context.now, 'password_reset'),
        ];
      }
      case 'EndSessions': {
        if (!state.registered) throw notFound('User not found');
        return [endSessions(context.now, command.reason)];
      }
      case 'ProveEmail': {
        if (!state.registered) throw notFound('User not found');
        const email = canonicalEmail(command.email);
        if (state.email_proven === email) return [];
        return [EmailProven.create({ email, via: command.via }), endSessions(context.now, 'email_proven')];
      }
      case 'SeeWelcome': {
        if (!state.registered) throw notFound('User not found');
        return state.welcomed_at ? [] : [WelcomeSeen.create({})];
      }
      case 'RelinkIdentity': {
        if (!state.registered || !state.user_id) throw notFound('User not found');
        // Linking to the sub it already signs in with changes nothing (an import run twice).
        if (identitySubOf(state) === command.new_sub) return [];
        return [UserIdentityRelinked.create({ old_sub: state.user_id, new_sub: command.new_sub })];
      }
      case 'ChangeNotificationPreferences': {
        if (!state.registered) throw notFound('User not found');
        // Only what differs from the modes in force: choosing the same again (a second click) records nothing.
        const current = { ...DEFAULT_NOTIFICATION_PREFERENCES, ...(state.notification_preferences ?? {}) };
        const changed = Object.fromEntries(
          Object.entries(command.preferences).filter(
            ([kind, mode]) => mode !== undefined && current[kind as keyof NotificationPreferences] !== mode,
          ),
        );
        return Object.keys(changed).length === 0
          ? []
          : [NotificationPreferencesChanged.create({ preferences: changed, via: command.via ?? 'profile' })];
      }
    }
  },
};
