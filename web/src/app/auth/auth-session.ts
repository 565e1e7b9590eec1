/**
 * The session and the auth actions, as screens use them. Amplify answers every question about the
 * session (fetchAuthSession in auth.ts); it is loaded on demand (auth-loader.ts), so screens that
 * import from here do not bundle it.
 *
 * The one shortcut: on the landing page and the sign-in screens, a visitor who has never signed in
 * on this device (or whose last session here ended) is signed out without loading Amplify at all.
 * That is decided by our own hint (auth-tokens.ts), set and cleared with what Amplify reports, never
 * by looking at what Amplify keeps in storage. Every other screen asks Amplify, hint or not.
 *
 * Screens import these from here rather than from auth.ts, which would bundle Amplify with them.
 */
import type { ClientSignUpInput, SignInInput } from './auth.js';
import { loadAuth } from './auth-loader.js';
import { hasSignedInHint, type SessionUser } from './auth-tokens.js';
import { isPublicPath, isSignInPath } from '../public-paths.js';

export { SIGNED_IN_HINT_KEY, readAuthPreference } from './auth-tokens.js';
export type { Role, SessionUser } from './auth-tokens.js';
export { authErrorMessage } from './auth-errors.js';
export { preloadAuth } from './auth-loader.js';
export { setSignOutExpected } from './expected-sign-out.js';

/**
 * True when there is no need to ask Amplify: a screen for signed-out visitors, and no sign-in here since the hint was
 * cleared.
 */
function surelySignedOut(): boolean {
  const { pathname } = window.location;
  return !hasSignedInHint() && (isPublicPath(pathname) || isSignInPath(pathname));
}

/** The signed-in user, or null, as Amplify reports it (forceRefresh asks Cognito for new tokens). */
export async function currentSessionUser(options: { forceRefresh?: boolean } = {}): Promise<SessionUser | null> {
  if (!options.forceRefresh && surelySignedOut()) return null;
  const auth = await loadAuth();
  return auth.readSessionUser(options);
}

let tokenRead: Promise<string | null> | undefined;

/**
 * The current ID token for the API, or null when signed out; Amplify refreshes an expiring one.
 * Requests that start together share one read: a screen sends its first few at once, and each
 * fetchAuthSession reads and decodes the stored tokens again (in one task, on a phone a long one).
 * The next request after it settles asks Amplify anew.
 */
export function currentIdToken(): Promise<string | null> {
  if (surelySignedOut()) return Promise.resolve(null);
  tokenRead ??= loadAuth()
    .then((auth) => auth.getIdToken())
    .finally(() => {
      tokenRead = undefined;
    });
  return tokenRead;
}

export async function signInWithPassword(input: SignInInput): Promise<SessionUser> {
  return (await loadAuth()).signInWithPassword(input);
}

export async function signInWithAnswer(input: {
  email: string;
  answer: string;
  persistent: boolean;
}): Promise<SessionUser> {
  return (await loadAuth()).signInWithAnswer(input);
}

export async function signUpClient(input: ClientSignUpInput): Promise<unknown> {
  return (await loadAuth()).signUpClient(input);
}

export async function signOutUser(): Promise<void> {
  return (await loadAuth()).signOutUser();
}

export async function sendEmailCode(): Promise<void> {
  return (await loadAuth()).sendEmailCode();
}

export async function confirmEmailCode(code: string): Promise<void> {
  return (await loadAuth()).confirmEmailCode(code);
}
