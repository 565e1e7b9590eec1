import { canonicalEmail } from '../../../shared/email.js';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '../../../shared/notification-kinds.js';
import { EmailProven, SessionsEnded, PasswordResetCompleted, PasswordResetRequested, ProfileUpdated, RoleGranted, RoleRevoked, UserIdentityRelinked, UserRegistered, type EmailProof, type SessionEndReason, type UserStreamRole } from './events.js';
import { NotificationPreferencesChanged } from '../notifications/events.js';
import { type SystemRole, type UserType } from '../../../shared/vocabulary.js';
import type { Decider, Evolution, EvolvingEvent } from '../../platform/decider.js';
import { userRoles } from './roles.js';
import { conflict, DomainError, notFound } from '../../platform/domain-errors.js';

export const userStream = (sub: string) => `user-${sub}`;

export interface UserState {
  registered: boolean;
  user_id: string | null;
  email: string | null;
  full_name: string | null;
  company: string | null;
  phone: string | null;
  user_type: UserType;
  created_at: string | null;
  /** The kind of account at registration (self sign-ups are clients; the seeder registers team accounts). */
  initial_role?: SystemRole;
  /**
   * System roles held in this stream: `admin` (from `initial_role: 'admin'` or RoleGranted). Designer
   * rights are not here: they are the designer authorisations (`designer-<email>` streams).
   */
  roles: UserStreamRole[];
  /** The latest password-reset link (its token's sha256), until it is used; absent in older states. */
  password_reset?: PasswordReset | null;
  /**
   * The Cognito `sub` this user signs in with when it is not `user_id`: set by UserIdentityRelinked
   * after the user pool was lost and the account re-created (functions/features/users/ops/user-import.ts).
   */
  identity_sub?: string | null;
  /** The notification modes the user chose (kinds never chosen take the defaults); absent in older states. */
  notification_preferences?: Partial<NotificationPreferences>;
  /** Sessions that began before this instant are over (SessionsEnded); absent or null: none ended. */
  sessions_valid_from?: string | null;
  /** The address whose proof the product recorded last (EmailProven); absent or null: none recorded. */
  email_proven?: string | null;
}

export interface PasswordReset {
  token_hash: string;
  expires_at: string;
  used: boolean;
}

/** What the reset page says about a link that is unknown, used, replaced or too old (spec/1 §9). */
export const INVALID_RESET_LINK = 'Invalid or expired link';

/** The link `tokenHash` may still set a password at `now`. */
export const isResetUsable = (state: Pick<UserState, 'password_reset'>, tokenHash: string, now: string) =>
  !!state.password_reset && state.password_reset.token_hash === tokenHash && !state.password_reset.used && state.password_reset.expires_at > now;

export type UserCommand =
  /** `email_proven`: the address was proven at sign-up (the invitation link it was sent to). */
  | { type: 'RegisterUser'; user_id: string; email: string; full_name?: string | null; company?: string | null; phone?: string | null; user_type?: UserType; initial_role?: SystemRole; email_proven?: 'invitation' }
  | { type: 'UpdateProfile'; full_name?: string | null; company?: string | null; user_type?: UserType }
  | { type: 'GrantRole'; role: UserStreamRole }
  | { type: 'RevokeRole'; role: UserStreamRole }
  | { type: 'RequestPasswordReset'; token_hash: string; expires_at: string }
  | { type: 'CompletePasswordReset'; token_hash: string; now: string }
  | { type: 'ChangeNotificationPreferences'; preferences: Partial<NotificationPreferences>; via?: 'profile' | 'unsubscribe' }
  /** Operator only (the user import after a lost pool): the account now signs in as `new_sub`. */
  | { type: 'RelinkIdentity'; new_sub: string }
  /** Ends every session begun before now (the next whole second). */
  | { type: 'EndSessions'; reason: Exclude<SessionEndReason, 'email_proven'> }
  /** The identity provider reports `email` verified: recorded once per address; the first proof ends earlier sessions. */
  | { type: 'ProveEmail'; email: string; via: Exclude<EmailProof, 'invitation'> };

/**
 * The instant from which sessions are valid again, for a decision at `now`: the next whole second.
 * Token times (`auth_time`) are whole seconds, so a session begun in the second of the decision
 * cannot be told from one begun just before it; both are refused, and a sign-in a second later works.
 */
export function sessionsValidFrom(now: string): string {
  return new Date((Math.floor(Date.parse(now) / 1000) + 1) * 1000).toISOString();
}

const endSessions = (now: string, reason: SessionEndReason) => SessionsEnded.create({ valid_from: sessionsValidFrom(now), reason });


/** The Cognito user name of a user: the re-created account's sub after a relink, else its own id. */
export const identitySubOf = (state: Pick<UserState, 'user_id' | 'identity_sub'>): string | null => state.identity_sub ?? state.user_id;

export { userRoles };

const initialUserState = (): UserState => ({
    registered: false,
    user_id: null,
    email: null,
    full_name: null,
    company: null,
    phone: null,
    user_type: 'architect',
    created_at: null,
    roles: [],
  });

function evolveUser(state: UserState, event: EvolvingEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const data = event.data as ReturnType<typeof UserRegistered.create>['data'];
      return { ...state, ...data, registered: true, created_at: event.at, roles: data.initial_role === 'admin' ? ['admin'] : [] };
    }
    case 'ProfileUpdated': {
      const data = event.data as ReturnType<typeof ProfileUpdated.create>['data'];
      const defined = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
      return { ...state, ...defined };
    }
    case 'RoleGranted': {
      const { role } = event.data as ReturnType<typeof RoleGranted.create>['data'];
      const roles = userRoles(state);
      return { ...state, roles: roles.includes(role) ? roles : [...roles, role] };
    }
    case 'RoleRevoked': {
      const { role } = event.data as ReturnType<typeof RoleRevoked.create>['data'];
      return { ...state, roles: userRoles(state).filter((held) => held !== role) };
    }
    case 'PasswordResetRequested': {
      const { token_hash, expires_at } = event.data as ReturnType<typeof PasswordResetRequested.create>['data'];
      return { ...state, password_reset: { token_hash, expires_at, used: false } };
    }
    case 'PasswordResetCompleted': {
      const { token_hash } = event.data as ReturnType<typeof PasswordResetCompleted.create>['data'];
      return state.password_reset?.token_hash === token_hash ? { ...state, password_reset: { ...state.password_reset, used: true } } : state;
    }
    case 'UserIdentityRelinked': {
      const { new_sub } = event.data as ReturnType<typeof UserIdentityRelinked.create>['data'];
      return { ...state, identity_sub: new_sub === state.user_id ? null : new_sub };
    }
    case 'SessionsEnded': {
      const { valid_from } = event.data as ReturnType<typeof SessionsEnded.create>['data'];
      // Never earlier than an instant already recorded (events redelivered or folded out of order).
      const current = state.sessions_valid_from;
      return { ...state, sessions_valid_from: current && current > valid_from ? current : valid_from };
    }
    case 'EmailProven': {
      const { email } = event.data as ReturnType<typeof EmailProven.create>['data'];
      return { ...state, email_proven: email };
    }
    case 'NotificationPreferencesChanged': {
      const { preferences } = event.data as ReturnType<typeof NotificationPreferencesChanged.create>['data'];
      const defined = Object.fromEntries(Object.entries(preferences).filter(([, mode]) => mode !== undefined));
      return { ...state, notification_preferences: { ...(state.notification_preferences ?? {}), ...defined } };
    }
    default:
      return state;
  }
}

/** Folds a stream's events without the decider's rules (decider.ts: Evolution). */
export const userEvolution: Evolution<UserState> = { initialState: initialUserState, evolve: evolveUser };

export const userDecider: Decider<UserCommand, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state, context) {
    switch (command.type) {
      case 'RegisterUser': {
        // Cognito may invoke the trigger more than once; registering twice is a no-op, not an error.
        if (state.registered) {
          if (state.email === canonicalEmail(command.email)) return [];
          throw conflict('This user is already registered with another e-mail');
        }
        const { type: _type, email_proven, ...data } = command;
        const email = canonicalEmail(data.email);
        // Proven at sign-up: there is no earlier session to end.
        return [UserRegistered.create({ ...data, email }), ...(email_proven ? [EmailProven.create({ email, via: email_proven })] : [])];
      }
      case 'UpdateProfile': {
        if (!state.registered) throw notFound('User not found');
        const { type: _type, ...changes } = command;
        const changed = Object.fromEntries(
          Object.entries(changes).filter(([key, value]) => value !== undefined && state[key as keyof UserState] !== value),
        );
        return Object.keys(changed).length === 0 ? [] : [ProfileUpdated.create(changed)];
      }
      // A role given or taken by someone else ends the account's sessions: open sockets close, and
      // tokens carrying the old groups are refused (rights themselves come from the projections).
      case 'GrantRole': {
        if (!state.registered) throw notFound('User not found');
        return userRoles(state).includes(command.role) ? [] : [RoleGranted.create({ role: command.role }), endSessions(context.now, 'role_changed')];
      }
      case 'RevokeRole': {
        if (!state.registered) throw notFound('User not found');
        return userRoles(state).includes(command.role) ? [RoleRevoked.create({ role: command.role }), endSessions(context.now, 'role_changed')] : [];
      }
      case 'RequestPasswordReset': {
        if (!state.registered) throw notFound('User not found');
        return [PasswordResetRequested.create({ token_hash: command.token_hash, expires_at: command.expires_at })];
      }
      case 'CompletePasswordReset': {
        if (!isResetUsable(state, command.token_hash, command.now)) throw new DomainError('GONE', INVALID_RESET_LINK);
        // Following the link proved the mailbox; every session opened with the old password ends.
        const proof = state.email && state.email_proven !== state.email ? [EmailProven.create({ email: state.email, via: 'reset_link' })] : [];
        return [PasswordResetCompleted.create({ token_hash: command.token_hash }), ...proof, endSessions(context.now, 'password_reset')];
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
        const changed = Object.fromEntries(Object.entries(command.preferences).filter(([kind, mode]) => mode !== undefined && current[kind as keyof NotificationPreferences] !== mode));
        return Object.keys(changed).length === 0 ? [] : [NotificationPreferencesChanged.create({ preferences: changed, via: command.via ?? 'profile' })];
      }
    }
  },
};
