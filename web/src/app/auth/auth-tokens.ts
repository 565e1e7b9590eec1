/**
 * Who is signed in, as the screens see it (taken from the ID token's claims that Amplify's
 * fetchAuthSession returns), and the app's own small flags about the session. Nothing here reads
 * what Amplify keeps in storage: only its public API (auth.ts) knows where the tokens are.
 */
import type { SystemRole } from '#shared/vocabulary.js';

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

/**
 * Our own hint that someone signed in on this device (set on sign-in and whenever Amplify reports
 * a user, cleared when it reports none). It only decides whether a public page asks Amplify at
 * all: a first-time visitor's landing page never loads the auth library. Amplify stays the one
 * source of truth about the session.
 */
export const SIGNED_IN_HINT_KEY = 'dc_signed_in_before';

export function hasSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT_KEY) === '1';
  } catch {
    return true;
  }
}

export function setSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
    else localStorage.removeItem(SIGNED_IN_HINT_KEY);
  } catch {
    // Storage unavailable (private mode quotas): the hint is only an optimisation.
  }
}

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
