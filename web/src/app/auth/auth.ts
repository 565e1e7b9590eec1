/**
 * Everything that talks to Amplify lives here, through its public API only (fetchAuthSession,
 * signIn, signOut, Hub …). This module (and Amplify with it) is loaded lazily, through
 * auth-loader.ts: a signed-in screen starts fetching it on start, a public page only when our own
 * sign-in hint says someone signed in here before (auth-session.ts).
 */
import { Amplify } from 'aws-amplify';
import {
  confirmSignIn,
  confirmUserAttribute,
  fetchAuthSession,
  sendUserAttributeVerificationCode,
  signIn,
  signOut,
  signUp,
  type SignInOutput,
  type SignUpOutput,
} from 'aws-amplify/auth';
import { cognitoUserPoolsTokenProvider } from 'aws-amplify/auth/cognito';
import { Hub, defaultStorage, sessionStorage } from 'aws-amplify/utils';
import type { ResourcesConfig } from 'aws-amplify';
import type { UserType } from '#shared/vocabulary.js';
import {
  AUTH_PREFERENCE_KEY,
  readAuthPreference,
  setSignedInHint,
  toSessionUser,
  type AuthPreference,
  type SessionUser,
} from './auth-tokens.js';
import { loadConfig, type RuntimeConfig } from '../config.js';

export {
  AUTH_PREFERENCE_KEY,
  readAuthPreference,
  type AuthPreference,
  type Role,
  type SessionUser,
} from './auth-tokens.js';
export { authErrorMessage } from './auth-errors.js';

function applyTokenStorage(preference: AuthPreference): void {
  cognitoUserPoolsTokenProvider.setKeyValueStorage(preference === 'session' ? sessionStorage : defaultStorage);
}

let configured: Promise<RuntimeConfig> | undefined;

/**
 * Loads `/config.json` and configures Amplify (once), with the remembered `auth_preference` applied
 * before any token is read.
 *
 * The app signs in to a user pool and has no identity pool: a session is its tokens, and nothing
 * asks for AWS credentials. So Amplify gets only the user pool's token provider, as its library
 * options allow. With its default providers, every fetchAuthSession (one per API request) would also
 * ask the credentials provider, which finds no identity pool and raises and catches an error each
 * time. Given its own providers Amplify leaves the token provider's settings alone, so they are set
 * here, as its default wiring would set them.
 */
export function initAuth(): Promise<RuntimeConfig> {
  configured ??= loadConfig()
    .then((config) => {
      const auth: NonNullable<ResourcesConfig['Auth']> = {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: { email: true },
        },
      };
      Amplify.configure({ Auth: auth }, { Auth: { tokenProvider: cognitoUserPoolsTokenProvider } });
      cognitoUserPoolsTokenProvider.setAuthConfig(auth);
      applyTokenStorage(readAuthPreference());
      return config;
    })
    .catch((error: unknown) => {
      configured = undefined;
      throw error;
    });
  return configured;
}

/** The signed-in user from the ID token, or null when nobody is signed in (or the session is gone). */
export async function readSessionUser(options: { forceRefresh?: boolean } = {}): Promise<SessionUser | null> {
  await initAuth();
  let user: SessionUser | null;
  try {
    const { tokens } = await fetchAuthSession({ forceRefresh: options.forceRefresh ?? false });
    user = tokens?.idToken ? toSessionUser(tokens.idToken.payload as Record<string, unknown>) : null;
  } catch {
    user = null;
  }
  setSignedInHint(user !== null);
  return user;
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
export function signInWithPassword(input: SignInInput): Promise<SessionUser> {
  return signInAnew(input.persistent, () =>
    signIn({
      username: input.email.trim(),
      password: input.password,
      options: { authFlowType: 'USER_PASSWORD_AUTH' },
    }),
  );
}

/**
 * Signs in again with the one-time answer the proof of the address returned (Cognito's custom
 * challenge, CUSTOM_WITHOUT_SRP): the session that proved the address carries on without the
 * password, as a new session begun after every earlier one ended.
 */
export function signInWithAnswer(input: { email: string; answer: string; persistent: boolean }): Promise<SessionUser> {
  return signInAnew(input.persistent, async () => {
    const started = await signIn({ username: input.email.trim(), options: { authFlowType: 'CUSTOM_WITHOUT_SRP' } });
    if (started.nextStep.signInStep !== 'CONFIRM_SIGN_IN_WITH_CUSTOM_CHALLENGE') return started;
    return confirmSignIn({ challengeResponse: input.answer });
  });
}

async function signInAnew(persistent: boolean, signInWith: () => Promise<SignInOutput>): Promise<SessionUser> {
  await initAuth();
  const preference: AuthPreference = persistent ? 'persistent' : 'session';
  // A stale session (for instance from another tab) would make Amplify refuse the sign-in.
  if (await readSessionUser()) await signOut();
  localStorage.setItem(AUTH_PREFERENCE_KEY, preference);
  applyTokenStorage(preference);
  let result: SignInOutput;
  try {
    result = await signInWith();
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
  /** The team invitation being followed (invite-signup): it proves the address, so the account starts verified. */
  inviteToken?: string;
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
      clientMetadata: {
        full_name: fullName,
        company,
        phone,
        user_type: input.userType,
        ...(input.inviteToken ? { invite_token: input.inviteToken } : {}),
      },
    },
  });
}

/** Signs out on this device and forgets the "stay signed in" choice. */
export async function signOutUser(): Promise<void> {
  try {
    await initAuth();
    await signOut();
  } finally {
    localStorage.removeItem(AUTH_PREFERENCE_KEY);
    setSignedInHint(false);
  }
}

/** Cognito mails a verification code to the signed-in user's address. */
export async function sendEmailCode(): Promise<void> {
  await initAuth();
  await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
}

/** Confirms the code Cognito mailed: the identity provider now has the address verified. */
export async function confirmEmailCode(code: string): Promise<void> {
  await initAuth();
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code.trim() });
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
