import type { SystemRole, UserType } from '../../../shared/vocabulary.js';

export interface MeResponse {
  user: {
    id: string;
    email: string;
    full_name: string | null;
    company: string | null;
    phone: string | null;
    user_type: UserType;
    team_id: string | null;
    created_at: string | null;
    /** When the account's first dashboard visit was greeted; null: this visit is the first ('Welcome'). */
    welcomed_at: string | null;
  };
  roles: SystemRole[];
  /** The client team the user belongs to, with their role in it (team roles grant no system rights). */
  team: { id: string; name: string; role: 'admin' | 'designer'; status: 'active' | 'inactive' } | null;
  /**
   * A designer invitation waiting for the caller's address (by its canonical form): the role starts
   * only when its link is followed, so the dashboard says so. Null when there is none, or once the
   * caller is linked.
   */
  designer_invitation: { status: 'pending' | 'expired'; expires_at: string } | null;
}

/** POST /api/me/welcome: the first dashboard visit, recorded once on the account. */
export interface WelcomeResponse {
  welcomed_at: string;
}

/** POST /api/me/email-proof: the first proof of the caller's address, recorded. */
export interface EmailProofResponse {
  /** The proven address (the identity provider's). */
  email: string;
  /**
   * True when this was the address's first proof: every earlier session ended, the caller's own
   * included, so the SPA signs in again (from `valid_from` on, which has come when this answers).
   */
  sessions_ended: boolean;
  valid_from: string | null;
  /**
   * With `sessions_ended`: the one-time answer with which this session, and only it, signs in again
   * without the password (Cognito's custom challenge; single use, a few minutes). Null otherwise.
   */
  sign_in_answer: string | null;
}

/** The admin screens' and the sessions' contracts, kept in files of their own, that other features use. */
export { ACTIVITY_PAGE, activityQuery, bulkUpdateBody } from './admin-contracts.js';
export type {
  ActivityKind,
  ActivityType,
  BulkUpdateResponse,
  GlobalActivity,
  GlobalActivityResponse,
} from './admin-contracts.js';
export type { RevokeDesignerSessionsResponse } from './session-contracts.js';
