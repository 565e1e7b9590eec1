import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { SYSTEM_ROLES, type SystemRole } from '../../../shared/vocabulary.js';
import { canonicalEmail } from '../../../shared/email.js';
import type { Actor } from '../../../events/envelope.js';

/**
 * The caller. `principalFromEvent` reads it from the claims the JWT authorizer (or the embedded
 * runtime's check) verified; `resolvePrincipal` then decides its system roles from the projections,
 * which is what every handler behind `httpHandler` receives.
 */
export interface Principal {
  /**
   * The caller's user id: the id its streams carry (`user-<sub>`, owners, members, assignments).
   * Behind `httpHandler` it is the token's `sub`, or the user a relinked account stands for.
   */
  sub: string;
  /** The token's own `sub`: the Cognito account (its user name), which `sub` may stand in for after a relink. */
  identitySub: string;
  email: string;
  name: string | null;
  /** The system roles the caller holds. Behind `httpHandler`: decided from the projections, not the token. */
  groups: SystemRole[];
  /** Seconds since epoch when the token was issued. */
  issuedAt: number;
  /** Seconds since epoch when the token expires (`exp`): what was decided about it is kept no longer. */
  expiresAt?: number;
  /** Seconds since epoch when the user signed in (`auth_time`, else `iat`): the sessions instant compares this. */
  authTime: number;
  /**
   * True only when the token says `email_verified: true` (absent means false): the identity
   * provider's word that the holder proved `email`, as of the token's issue. What others keep needs
   * it (http/email-proof.ts, which asks Cognito when the token is older than the proof).
   */
  emailVerified: boolean;
  /**
   * The addresses of the active designer authorisations linked to this account — proven by their
   * holder through the invitation link. Projects assigned by e-mail are the caller's only through
   * these, never through the token's `email` claim.
   */
  designerEmails: string[];
  /** The groups the token claims (`cognito:groups`), possibly stale; informational only. */
  tokenGroups: SystemRole[];
}

function parseGroups(claim: unknown): SystemRole[] {
  // API Gateway flattens array claims into strings such as "[admin designer]".
  const raw = Array.isArray(claim)
    ? claim
    : typeof claim === 'string'
      ? claim.replace(/^\[|\]$/g, '').split(/[\s,]+/)
      : [];
  return raw.filter((group): group is SystemRole => (SYSTEM_ROLES as readonly string[]).includes(group));
}

/** Cognito's ID tokens last an hour: the bound when a token carries no `exp` (never, once verified). */
const DEFAULT_TOKEN_LIFETIME_SECONDS = 60 * 60;

/** Everyone is a client unless given another role (docs/product.md#roles), including before the group is set. */
const withDefaultRole = (groups: SystemRole[]): SystemRole[] => (groups.length > 0 ? groups : ['client']);

/** The caller as the token describes it (roles from `cognito:groups`, which may be stale). */
export function principalFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): Principal | null {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  if (!claims?.sub) return null;
  const issuedAt = Number(claims.iat ?? 0);
  const authTime = Number(claims.auth_time ?? issuedAt);
  const tokenGroups = parseGroups(claims['cognito:groups']);
  return {
    sub: String(claims.sub),
    identitySub: String(claims.sub),
    email: canonicalEmail(String(claims.email ?? '')),
    name: claims.name ? String(claims.name) : null,
    groups: withDefaultRole(tokenGroups),
    issuedAt,
    expiresAt: Number(claims.exp ?? 0) || issuedAt + DEFAULT_TOKEN_LIFETIME_SECONDS,
    authTime: Number.isFinite(authTime) ? authTime : issuedAt,
    emailVerified: String(claims.email_verified ?? 'false') === 'true',
    designerEmails: [],
    tokenGroups,
  };
}

export const SESSION_REVOKED_MESSAGE = 'Session revoked. Please sign in again.';

/**
 * Decides the caller's roles (and whether its session still holds) from the read model: the app hands one to the HTTP
 * chain.
 */
export type PrincipalResolver = (token: Principal) => Promise<Principal>;

/**
 * Token times are whole seconds, and the instant is the whole second after the decision: a session
 * begun in the very second of the decision cannot be told apart from one begun just before it, so it
 * is refused too (signing in again a second later works).
 */
export function isRevoked(principal: Pick<Principal, 'authTime'>, validFromMs: number | null): boolean {
  return validFromMs !== null && principal.authTime * 1000 < validFromMs;
}

/**
 * The address a command may recognise the caller by (a project assigned to a pre-authorised e-mail):
 * a proven designer address, never the token's claim alone. Undefined for everyone else.
 */
export function provenEmailOf(principal: Pick<Principal, 'email' | 'designerEmails'>): string | undefined {
  const emails = principal.designerEmails ?? [];
  return emails.includes(principal.email) ? principal.email : emails[0];
}

/** The highest system role a principal holds, as recorded on the events it causes. */
export function actorOf(principal: Principal): Actor {
  const role = principal.groups.includes('admin')
    ? 'admin'
    : principal.groups.includes('designer')
      ? 'designer'
      : 'client';
  return { sub: principal.sub, role };
}

export function hasRole(principal: Principal, role: SystemRole): boolean {
  return principal.groups.includes(role);
}
