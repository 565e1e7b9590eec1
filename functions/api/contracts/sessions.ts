/** POST /api/sessions/revoke-designers (admin): 'Sign Out All Designers' (revoke-designer-sessions). */
export interface RevokeDesignerSessionsResponse {
  /** Designers whose Cognito sessions were signed out. */
  revoked: number;
  /** Designers with an account (pre-authorised e-mails without one have no session to end). */
  total: number;
  /** The designers whose sign-out failed, with the reason. Their tokens are refused by the API anyway. */
  errors: { email: string; error: string }[];
  /** The instant before which designer sessions are now refused. */
  not_before: string;
}
