import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { SYSTEM_ROLES, type SystemRole } from '../../../shared/vocabulary.js';
import { canonicalEmail } from '../../../shared/email.js';
import { type Actor } from '../../../events/envelope.js';
import { HttpError } from '../errors.js';
import { Recent } from '../views/recent.js';
import { accountOf, designersOfUser, isAdminAccount } from '../../features/designers/queries.js';
import { userIdOfSub } from '../../features/users/identity-queries.js';
import type { Runtime } from '../runtime.js';

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
  const raw = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.replace(/^\[|\]$/g, '').split(/[\s,]+/) : [];
  return raw.filter((group): group is SystemRole => (SYSTEM_ROLES as readonly string[]).includes(group));
}

/** Everyone is a client unless given another role (spec/1 §6), including before the group is set. */
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
    authTime: Number.isFinite(authTime) ? authTime : issuedAt,
    emailVerified: String(claims.email_verified ?? 'false') === 'true',
    designerEmails: [],
    tokenGroups,
  };
}

export const SESSION_REVOKED_MESSAGE = 'Session revoked. Please sign in again.';

/**
 * Decides the caller's system roles from the projections, so a stale token cannot keep rights that
 * were taken away (or miss ones just given):
 * - admin: the users projection holds the `admin` role for the caller's id (user stream events);
 * - designer: an active designer authorisation linked to the caller's id. An authorisation is linked
 *   only when the holder of its address proved it (the invitation link), so the token's e-mail claim
 *   — which a stranger can set to any address at sign-up or with UpdateUserAttributes — grants nothing;
 * - client: everyone holding neither.
 * All of it for the user the token's sub stands for: itself, or the user a relinked account (a
 * re-created account after the loss of the user pool) was linked to by the operator's import.
 *
 * One session rule for every role: a token whose sign-in (`auth_time`) predates the user's "sessions
 * valid from" instant (a password reset, sign-out everywhere, a role change, the designer
 * authorisation changed, 'Sign Out All Designers', the first proof of the address) is refused with
 * 401, whatever its signature and expiry say. The realtime connect applies the same rule.
 */
export async function resolvePrincipal(token: Principal, runtime: Runtime): Promise<Principal> {
  const facts = await roleFactsOf(token, runtime);
  if (isRevoked(token, facts.sessionsValidFrom)) throw new HttpError(401, 'SESSION_REVOKED', SESSION_REVOKED_MESSAGE);
  const groups: SystemRole[] = [];
  if (facts.admin) groups.push('admin');
  if (facts.designer) groups.push('designer');
  if (groups.length === 0) groups.push('client');
  return { ...token, sub: facts.userId, groups, designerEmails: facts.designer ? facts.designerEmails : [] };
}

interface RoleFacts {
  /** The user the token's sub stands for (functions/features/users/identity-queries.ts). */
  userId: string;
  admin: boolean;
  designer: boolean;
  designerEmails: string[];
  /** The user's "sessions valid from" instant (ms since epoch), or null when none was ever ended. */
  sessionsValidFrom: number | null;
}

/**
 * How long a warm process reuses what the views said about a caller's roles and sessions. Changes
 * committed by this process's own projector end it at once (the embedded runtime, where everything
 * runs in one process); in the cloud the projections run elsewhere, so a role change or an ended
 * session reaches an API container at most this late. API Gateway's own authorizer cache defaults
 * to 300 s.
 */
export const ROLE_FACTS_TTL_MS = 2_000;
const ROLE_PROJECTIONS = ['users', 'designers', 'identity-aliases'];
const recentRoleFacts = new WeakMap<object, Recent<string, { until: number; stamp: string; facts: RoleFacts }>>();

async function roleFactsOf(token: Pick<Principal, 'sub'>, runtime: Runtime): Promise<RoleFacts> {
  let recent = recentRoleFacts.get(runtime.views);
  if (!recent) recentRoleFacts.set(runtime.views, (recent = new Recent(2_000)));
  const key = token.sub;
  // Taken before reading: a commit during the reads leaves the entry already outdated.
  const stamp = runtime.views.changesOf(...ROLE_PROJECTIONS);
  const known = recent.get(key);
  if (known && known.stamp === stamp && known.until > Date.now()) return known.facts;

  const userId = await userIdOfSub(runtime, token.sub);
  const [account, linked] = await Promise.all([accountOf(runtime, userId), designersOfUser(runtime, userId)]);
  const designerEmails = linked.filter((authorisation) => authorisation.active).map((authorisation) => canonicalEmail(authorisation.email));
  const validFrom = account?.sessions_valid_from ? Date.parse(account.sessions_valid_from) : NaN;
  const facts: RoleFacts = {
    userId,
    admin: isAdminAccount(account),
    designer: designerEmails.length > 0,
    designerEmails,
    sessionsValidFrom: Number.isFinite(validFrom) ? validFrom : null,
  };
  recent.set(key, { until: Date.now() + ROLE_FACTS_TTL_MS, stamp, facts });
  return facts;
}

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
  const role = principal.groups.includes('admin') ? 'admin' : principal.groups.includes('designer') ? 'designer' : 'client';
  return { sub: principal.sub, role };
}

export function hasRole(principal: Principal, role: SystemRole): boolean {
  return principal.groups.includes(role);
}

export function requireRole(principal: Principal, ...roles: SystemRole[]): void {
  if (!roles.some((role) => hasRole(principal, role))) {
    throw new HttpError(403, 'FORBIDDEN', 'You do not have permission to do this.');
  }
}
