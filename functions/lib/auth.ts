import type { APIGatewayProxyEventV2WithJWTAuthorizer } from 'aws-lambda';
import { SYSTEM_ROLES, type Actor, type SystemRole } from '../../events/index.js';
import { HttpError } from './errors.js';

/** The caller, from the claims the JWT authorizer (or the embedded runtime's check) verified. */
export interface Principal {
  sub: string;
  email: string;
  name: string | null;
  groups: SystemRole[];
  /** Seconds since epoch when the token was issued: tokens issued before a revocation are refused. */
  issuedAt: number;
}

function parseGroups(claim: unknown): SystemRole[] {
  // API Gateway flattens array claims into strings such as "[admin designer]".
  const raw = Array.isArray(claim) ? claim : typeof claim === 'string' ? claim.replace(/^\[|\]$/g, '').split(/[\s,]+/) : [];
  return raw.filter((group): group is SystemRole => (SYSTEM_ROLES as readonly string[]).includes(group));
}

/** Everyone is a client unless given another role (spec/1 §6), including before the group is set. */
const withDefaultRole = (groups: SystemRole[]): SystemRole[] => (groups.length > 0 ? groups : ['client']);

export function principalFromEvent(event: APIGatewayProxyEventV2WithJWTAuthorizer): Principal | null {
  const claims = event.requestContext?.authorizer?.jwt?.claims;
  if (!claims?.sub) return null;
  return {
    sub: String(claims.sub),
    email: String(claims.email ?? '').toLowerCase(),
    name: claims.name ? String(claims.name) : null,
    groups: withDefaultRole(parseGroups(claims['cognito:groups'])),
    issuedAt: Number(claims.iat ?? 0),
  };
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
