/** POST /api/sessions/revoke-designers (admin): 'Sign Out All Designers' (revoke-designer-sessions). */
export interface RevokeDesignerSessionsResponse {
  /** Active designers with an account whose sessions were ended. */
  revoked: number;
  /** Active designers with an account (pre-authorised e-mails without one have no session to end). */
  total: number;
  /** The designers whose sessions could not be ended, with the reason (clicking again retries them). */
  errors: { email: string; error: string }[];
  /** The instant of the click. */
  not_before: string;
}

/** POST /api/sessions/revoke (any): sign out everywhere, this session included. */
export interface RevokeSessionsResponse {
  /** Sessions that began before this instant are over; signing in again from then on works. */
  valid_from: string;
  message: string;
}

export const SIGNED_OUT_EVERYWHERE_MESSAGE = 'You have been signed out on every device.';
