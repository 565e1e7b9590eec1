import type { NotificationPreferences } from '../../../shared/notification-kinds.js';
import type { OneOf } from '../../../events/catalogue.js';
import type { ErasureRequester, UserEvent, UserStreamRole } from './events.js';
import type { NotificationEvent } from '../notifications/events.js';
import type { SystemRole, UserType } from '../../../shared/vocabulary.js';
import type { Evolution, EvolvingEvent } from '../../platform/decider.js';
import { userRoles } from './roles.js';

/*
 * A user account as folded from its stream (`user-<sub>`): what the decider decides on and what the
 * read model keeps, apart from the decider so that reads carry none of the command rules.
 */

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
  /** When the account's first dashboard visit was greeted (WelcomeSeen); absent or null: not yet. */
  welcomed_at?: string | null;
  /** The account's erasure (PersonalDataErased), once asked for: the account is closed. Absent: none. */
  erasure?: Erasure | null;
}

/** An erasure as the erasure log shows it: who asked, when, the reference, when it was done. No personal data. */
export interface Erasure {
  erasure_id: string;
  requested_by: ErasureRequester;
  erased_by: string;
  reference: string | null;
  requested_at: string;
  completed_at: string | null;
}

/** What a command on an erased account is told. */
export const ACCOUNT_ERASED = "This account's personal data was erased.";
export const ERASURE_UNDER_WAY = 'This account is already being erased.';

export interface PasswordReset {
  token_hash: string;
  expires_at: string;
  used: boolean;
}

/** What the reset page says about a link that is unknown, used, replaced or too old (docs/product.md#limits). */
export const INVALID_RESET_LINK = 'Invalid or expired link';

/** The link `tokenHash` may still set a password at `now`. */
export const isResetUsable = (state: Pick<UserState, 'password_reset'>, tokenHash: string, now: string) =>
  !!state.password_reset &&
  state.password_reset.token_hash === tokenHash &&
  !state.password_reset.used &&
  state.password_reset.expires_at > now;

/** The Cognito user name of a user: the re-created account's sub after a relink, else its own id. */
export const identitySubOf = (state: Pick<UserState, 'user_id' | 'identity_sub'>): string | null =>
  state.identity_sub ?? state.user_id;

export { userRoles };

export const initialUserState = (): UserState => ({
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

export function evolveUser(state: UserState, event: EvolvingEvent): UserState {
  const e = event as OneOf<UserEvent | NotificationEvent, EvolvingEvent>;
  switch (e.type) {
    case 'UserRegistered': {
      const { data } = e;
      return {
        ...state,
        ...data,
        registered: true,
        created_at: event.at,
        roles: data.initial_role === 'admin' ? ['admin'] : [],
      };
    }
    case 'ProfileUpdated': {
      const { data } = e;
      const defined = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
      return { ...state, ...defined };
    }
    case 'RoleGranted': {
      const { role } = e.data;
      const roles = userRoles(state);
      return { ...state, roles: roles.includes(role) ? roles : [...roles, role] };
    }
    case 'RoleRevoked': {
      const { role } = e.data;
      return { ...state, roles: userRoles(state).filter((held) => held !== role) };
    }
    case 'PasswordResetRequested': {
      const { token_hash, expires_at } = e.data;
      return { ...state, password_reset: { token_hash, expires_at, used: false } };
    }
    case 'PasswordResetCompleted': {
      const { token_hash } = e.data;
      return state.password_reset?.token_hash === token_hash
        ? { ...state, password_reset: { ...state.password_reset, used: true } }
        : state;
    }
    case 'UserIdentityRelinked': {
      const { new_sub } = e.data;
      return { ...state, identity_sub: new_sub === state.user_id ? null : new_sub };
    }
    case 'SessionsEnded': {
      const { valid_from } = e.data;
      // Never earlier than an instant already recorded (events redelivered or folded out of order).
      const current = state.sessions_valid_from;
      return { ...state, sessions_valid_from: current && current > valid_from ? current : valid_from };
    }
    case 'EmailProven': {
      const { email } = e.data;
      return { ...state, email_proven: email };
    }
    case 'WelcomeSeen':
      return state.welcomed_at ? state : { ...state, welcomed_at: event.at };
    case 'PersonalDataErased': {
      const { erasure_id, requested_by, erased_by, reference } = e.data;
      if (state.erasure) return state;
      return {
        ...state,
        erasure: { erasure_id, requested_by, erased_by, reference, requested_at: event.at, completed_at: null },
      };
    }
    case 'ErasureCompleted':
      return state.erasure && !state.erasure.completed_at
        ? { ...state, erasure: { ...state.erasure, completed_at: event.at } }
        : state;
    case 'NotificationPreferencesChanged': {
      const { preferences } = e.data;
      const defined = Object.fromEntries(Object.entries(preferences).filter(([, mode]) => mode !== undefined));
      return { ...state, notification_preferences: { ...(state.notification_preferences ?? {}), ...defined } };
    }
    default:
      return state;
  }
}

/** Folds a stream's events without the decider's rules (decider.ts: Evolution). */
export const userEvolution: Evolution<UserState> = { initialState: initialUserState, evolve: evolveUser };
