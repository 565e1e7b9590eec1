import { createRemoteJWKSet, jwtVerify } from 'jose';
// The vocabulary alone: the event catalogue (zod schemas built at import) is not needed to read a token.
import { canonicalEmail } from '../../../shared/email.js';
import { SYSTEM_ROLES, type SystemRole } from '../../../shared/vocabulary.js';

export interface VerifiedCaller {
  sub: string;
  email: string;
  groups: SystemRole[];
  issuedAt: number;
  /** When the session began (`auth_time`, else `iat`), in seconds: the sessions instant compares this. */
  authTime: number;
  emailVerified: boolean;
}

let jwks: { uri: string; set: ReturnType<typeof createRemoteJWKSet> } | undefined;

/**
 * Verifies a Cognito ID token the way the HTTP API's authorizer does (signature, issuer, expiry,
 * audience), for the WebSocket connect route, which has no JWT authorizer of its own.
 */
export async function verifyIdToken(token: string): Promise<VerifiedCaller | null> {
  const issuer =
    process.env.COGNITO_ISSUER ??
    `https://cognito-idp.${process.env.AWS_REGION}.amazonaws.com/${process.env.USER_POOL_ID}`;
  const uri = process.env.COGNITO_JWKS_URI ?? `${issuer}/.well-known/jwks.json`;
  if (jwks?.uri !== uri) jwks = { uri, set: createRemoteJWKSet(new URL(uri)) };
  try {
    const { payload } = await jwtVerify(token, jwks.set, { issuer, audience: process.env.USER_POOL_CLIENT_ID });
    if (payload.token_use !== 'id' || !payload.sub) return null;
    const groups = (Array.isArray(payload['cognito:groups']) ? payload['cognito:groups'] : []).filter(
      (g): g is SystemRole => (SYSTEM_ROLES as readonly string[]).includes(g as string),
    );
    const issuedAt = payload.iat ?? 0;
    const authTime = Number(payload.auth_time ?? issuedAt);
    return {
      sub: payload.sub,
      email: canonicalEmail(String(payload.email ?? '')),
      groups: groups.length ? groups : ['client'],
      issuedAt,
      authTime: Number.isFinite(authTime) ? authTime : issuedAt,
      emailVerified: payload.email_verified === true || payload.email_verified === 'true',
    };
  } catch {
    return null;
  }
}
