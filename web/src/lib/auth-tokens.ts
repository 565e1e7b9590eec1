/**
 * The stored Cognito tokens, read without the auth library. Amplify keeps them in localStorage (or
 * sessionStorage, see `auth_preference`) under `CognitoIdentityServiceProvider.<client>.<user>.<token>`.
 * Pure reading: no Amplify, no network (auth-session.ts decides when Amplify is needed after all).
 */
import type { SystemRole } from '../../../events/vocabulary.js';

export type Role = SystemRole;

export interface SessionUser {
  /** Cognito `sub`: the user's id everywhere in the API. */
  sub: string;
  email: string;
  /** The `name` attribute given at sign-up; null when absent. */
  name: string | null;
  /** Raw `cognito:groups` from the ID token. */
  groups: string[];
}

/** Where tokens are kept: `persistent` survives the browser, `session` ends with the tab. */
export type AuthPreference = 'persistent' | 'session';
export const AUTH_PREFERENCE_KEY = 'auth_preference';

export function readAuthPreference(): AuthPreference {
  try {
    return localStorage.getItem(AUTH_PREFERENCE_KEY) === 'session' ? 'session' : 'persistent';
  } catch {
    return 'persistent';
  }
}

/** The key prefix of Amplify's token store (its AUTH_KEY_PREFIX). */
export const TOKEN_KEY_PREFIX = 'CognitoIdentityServiceProvider.';

export function toSessionUser(payload: Record<string, unknown>): SessionUser | null {
  if (typeof payload.sub !== 'string') return null;
  const groups = payload['cognito:groups'];
  return {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    name: typeof payload.name === 'string' && payload.name.trim() !== '' ? payload.name : null,
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

function jwtPayload(token: string): Record<string, unknown> | null {
  try {
    const part = token.split('.')[1];
    if (!part) return null;
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const bytes = Uint8Array.from(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')), (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Tokens this close to expiry are left to Amplify, which refreshes them. */
const EXPIRY_MARGIN_MS = 60_000;

export type StoredSession =
  | { state: 'valid'; idToken: string; payload: Record<string, unknown> }
  /** No tokens: nobody is signed in on this device. */
  | { state: 'none' }
  /** Tokens that need Amplify: expired (to refresh), unreadable, or storage unavailable. */
  | { state: 'refresh' };

/** Reads Amplify's stored tokens for `clientId` the way its token store does, without loading it. */
export function readStoredSession(clientId: string, now = Date.now()): StoredSession {
  try {
    const storage = readAuthPreference() === 'session' ? window.sessionStorage : window.localStorage;
    const prefix = `${TOKEN_KEY_PREFIX}${clientId}`;
    const user = storage.getItem(`${prefix}.LastAuthUser`) ?? 'username';
    const accessToken = storage.getItem(`${prefix}.${user}.accessToken`);
    // Amplify treats a session without an access token as signed out.
    if (!accessToken) return { state: 'none' };
    const idToken = storage.getItem(`${prefix}.${user}.idToken`);
    const access = jwtPayload(accessToken);
    const payload = idToken ? jwtPayload(idToken) : null;
    if (!idToken || !access || !payload) return { state: 'refresh' };
    const clockDrift = Number.parseInt(storage.getItem(`${prefix}.${user}.clockDrift`) ?? '0', 10) || 0;
    const expired = (exp: unknown) => typeof exp !== 'number' || now + clockDrift + EXPIRY_MARGIN_MS > exp * 1000;
    if (expired(access.exp) || expired(payload.exp)) return { state: 'refresh' };
    return { state: 'valid', idToken, payload };
  } catch {
    return { state: 'refresh' };
  }
}
