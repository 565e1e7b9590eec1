/**
 * The session and the auth actions, as screens use them, without loading Amplify up front.
 *
 * Who is signed in and the ID token for the API come from the stored tokens (auth-tokens.ts) while
 * they are valid; only an expired or unreadable session and a forced refresh load Amplify here. The
 * auth actions (sign-in, sign-up, password reset, sign-out) load it on first use (auth-loader.ts).
 *
 * Screens import these from here rather than from auth.ts, which would bundle Amplify with them.
 */
import type { ClientSignUpInput, ResetFlow, SignInInput } from './auth.js';
import { loadAuth } from './auth-loader.js';
import { readStoredSession, toSessionUser, type SessionUser } from './auth-tokens.js';
import { loadConfig } from './config.js';

export { AUTH_PREFERENCE_KEY, TOKEN_KEY_PREFIX, readAuthPreference, readStoredSession, toSessionUser } from './auth-tokens.js';
export type { AuthPreference, Role, SessionUser, StoredSession } from './auth-tokens.js';
export { authErrorMessage, isInvalidResetCode } from './auth-errors.js';
export { preloadAuth } from './auth-loader.js';

/** The signed-in user, or null. Valid stored tokens answer without Amplify; forceRefresh always asks Cognito. */
export async function currentSessionUser(options: { forceRefresh?: boolean } = {}): Promise<SessionUser | null> {
  if (!options.forceRefresh) {
    const config = await loadConfig();
    const stored = readStoredSession(config.userPoolClientId);
    if (stored.state === 'none') return null;
    if (stored.state === 'valid') return toSessionUser(stored.payload);
  }
  const auth = await loadAuth();
  return auth.readSessionUser(options);
}

/** The current ID token for the API, or null when signed out; Amplify refreshes an expiring one. */
export async function currentIdToken(): Promise<string | null> {
  const config = await loadConfig();
  const stored = readStoredSession(config.userPoolClientId);
  if (stored.state === 'none') return null;
  if (stored.state === 'valid') return stored.idToken;
  const auth = await loadAuth();
  return auth.getIdToken();
}

export async function signInWithPassword(input: SignInInput): Promise<SessionUser> {
  return (await loadAuth()).signInWithPassword(input);
}

export async function signUpClient(input: ClientSignUpInput): Promise<unknown> {
  return (await loadAuth()).signUpClient(input);
}

export async function requestPasswordReset(email: string, flow: ResetFlow): Promise<void> {
  return (await loadAuth()).requestPasswordReset(email, flow);
}

export async function confirmPasswordReset(input: { email: string; code: string; newPassword: string }): Promise<void> {
  return (await loadAuth()).confirmPasswordReset(input);
}

export async function signOutUser(): Promise<void> {
  return (await loadAuth()).signOutUser();
}
