/**
 * Everything that talks to Amplify lives here. This module (and Amplify with it) is loaded lazily:
 * the entry starts fetching it at boot, route modules that need it import it directly.
 */
import { Amplify } from 'aws-amplify';
import {
  confirmResetPassword,
  fetchAuthSession,
  resetPassword,
  signIn,
  signOut,
  signUp,
  type SignInOutput,
  type SignUpOutput,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub, defaultStorage, sessionStorage } from 'aws-amplify/utils';
import type { SystemRole, UserType } from '../../../events/vocabulary.js';
import { loadConfig, type RuntimeConfig } from './config.js';

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

function applyTokenStorage(preference: AuthPreference): void {
  cognitoUserPoolsTokenProvider.setKeyValueStorage(preference === 'session' ? sessionStorage : defaultStorage);
}

let configured: Promise<RuntimeConfig> | undefined;

/**
 * Loads `/config.json` and configures Amplify (once). `Amplify.configure` resets the token storage to
 * its default, so the remembered `auth_preference` is applied right after it, before any token is read.
 */
export function initAuth(): Promise<RuntimeConfig> {
  configured ??= loadConfig()
    .then((config) => {
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.userPoolId,
            userPoolClientId: config.userPoolClientId,
            ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
            loginWith: { email: true },
          },
        },
      });
      applyTokenStorage(readAuthPreference());
      return config;
    })
    .catch((error: unknown) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

function toSessionUser(payload: Record<string, unknown>): SessionUser | null {
  if (typeof payload.sub !== 'string') return null;
  const groups = payload['cognito:groups'];
  return {
    sub: payload.sub,
    email: typeof payload.email === 'string' ? payload.email : '',
    name: typeof payload.name === 'string' && payload.name.trim() !== '' ? payload.name : null,
    groups: Array.isArray(groups) ? groups.filter((g): g is string => typeof g === 'string') : [],
  };
}

/** The signed-in user from the ID token, or null when nobody is signed in (or the session is gone). */
export async function readSessionUser(options: { forceRefresh?: boolean } = {}): Promise<SessionUser | null> {
  await initAuth();
  try {
    const { tokens } = await fetchAuthSession({ forceRefresh: options.forceRefresh ?? false });
    return tokens?.idToken ? toSessionUser(tokens.idToken.payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The current ID token (refreshed by Amplify when it has expired), or null when signed out. */
export async function getIdToken(): Promise<string | null> {
  await initAuth();
  try {
    const { tokens } = await fetchAuthSession();
    return tokens?.idToken?.toString() ?? null;
  } catch {
    return null;
  }
}

/** Raised when Cognito accepts the password but wants another step this app does not offer here. */
export class SignInIncompleteError extends Error {
  constructor(readonly step: string) {
    super(
      step === 'CONFIRM_SIGN_UP'
        ? 'Your account has not been confirmed yet.'
        : step === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' || step === 'RESET_PASSWORD'
          ? 'You need to set a new password. Use "Forgot password?" to choose one.'
          : 'Sign-in could not be completed.',
    );
    this.name = 'SignInIncompleteError';
  }
}

export interface SignInInput {
  email: string;
  password: string;
  /** "Stay signed in on this device": true keeps tokens in localStorage, false in sessionStorage. */
  persistent: boolean;
}

/** Signs in with USER_PASSWORD_AUTH (the embedded Cognito has no SRP) and returns the new user. */
export async function signInWithPassword(input: SignInInput): Promise<SessionUser> {
  await initAuth();
  const preference: AuthPreference = input.persistent ? 'persistent' : 'session';
  // A stale session (for instance from another tab) would make Amplify refuse the sign-in.
  if (await readSessionUser()) await signOut();
  localStorage.setItem(AUTH_PREFERENCE_KEY, preference);
  applyTokenStorage(preference);
  let result: SignInOutput;
  try {
    result = await signIn({
      username: input.email.trim(),
      password: input.password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    });
  } catch (error) {
    localStorage.removeItem(AUTH_PREFERENCE_KEY);
    throw error;
  }
  if (!result.isSignedIn) {
    localStorage.removeItem(AUTH_PREFERENCE_KEY);
    throw new SignInIncompleteError(result.nextStep.signInStep);
  }
  const user = await readSessionUser();
  if (!user) throw new Error('Signed in, but no session was stored.');
  return user;
}

export interface ClientSignUpInput {
  fullName: string;
  company: string;
  phone: string;
  userType: UserType;
  email: string;
  password: string;
}

/**
 * Creates a client account. The profile metadata goes twice, and the server reads whichever it
 * prefers: as user attributes (`name` plus `custom:company`, `custom:phone`, `custom:user_type`,
 * empty ones left out) and as `clientMetadata` (`full_name`, `company`, `phone`, `user_type`,
 * always present, '' when empty) for the sign-up triggers.
 */
export async function signUpClient(input: ClientSignUpInput): Promise<SignUpOutput> {
  await initAuth();
  const email = input.email.trim();
  const fullName = input.fullName.trim();
  const company = input.company.trim();
  const phone = input.phone.trim();
  return signUp({
    username: email,
    password: input.password,
    options: {
      userAttributes: {
        email,
        name: fullName,
        ...(company ? { 'custom:company': company } : {}),
        ...(phone ? { 'custom:phone': phone } : {}),
        'custom:user_type': input.userType,
      },
      clientMetadata: { full_name: fullName, company, phone, user_type: input.userType },
    },
  });
}

/** Which reset page the e-mailed link opens: the client's (/auth/…) or the team's (/team-login/…). */
export type ResetFlow = 'client' | 'team';

/**
 * Asks Cognito to e-mail a password-reset link (ForgotPassword). The pool's CustomMessage trigger
 * builds the link from the code; `flow` (in clientMetadata) picks the reset page it opens.
 */
export async function requestPasswordReset(email: string, flow: ResetFlow): Promise<void> {
  await initAuth();
  await resetPassword({ username: email.trim(), options: { clientMetadata: { flow } } });
}

/** Sets the new password with the code from the e-mailed link (ConfirmForgotPassword). */
export async function confirmPasswordReset(input: { email: string; code: string; newPassword: string }): Promise<void> {
  await initAuth();
  await confirmResetPassword({ username: input.email.trim(), confirmationCode: input.code.trim(), newPassword: input.newPassword });
}

/** The code in the link is wrong, used or too old: the reset page says 'Invalid or expired link'. */
export function isInvalidResetCode(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'CodeMismatchException' || name === 'ExpiredCodeException';
}

/**
 * The service's message for a failed auth call, in the spec's words where it has them
 * ('User not found'), else Cognito's own message, else `fallback`.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'UserNotFoundException') return 'User not found';
  const message = error instanceof Error ? error.message.trim() : '';
  return message || fallback;
}

/** Signs out on this device and forgets the "stay signed in" choice. */
export async function signOutUser(): Promise<void> {
  try {
    await initAuth();
    await signOut();
  } finally {
    localStorage.removeItem(AUTH_PREFERENCE_KEY);
  }
}

export type AuthEvent = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';

/** Subscribes to Amplify's auth events; returns the unsubscribe function. */
export function onAuthEvent(listener: (event: AuthEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    const event = payload.event as string;
    if (event === 'signedIn' || event === 'signedOut' || event === 'tokenRefresh' || event === 'tokenRefresh_failure') {
      listener(event);
    }
  });
}
