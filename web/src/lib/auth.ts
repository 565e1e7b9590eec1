/**
 * Everything that talks to Amplify lives here, through its public API only (fetchAuthSession,
 * signIn, signOut, Hub …). This module (and Amplify with it) is loaded lazily, through
 * auth-loader.ts: a signed-in screen starts fetching it on start, a public page only when our own
 * sign-in hint says someone signed in here before (auth-session.ts).
 */
import { Amplify } from 'aws-amplify';
import {
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
import type { UserType } from '../../../shared/vocabulary.js';
import { AUTH_PREFERENCE_KEY, readAuthPreference, setSignedInHint, toSessionUser, type AuthPreference, type SessionUser } from './auth-tokens.js';
import { loadConfig, type RuntimeConfig } from './config.js';


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

/**
 * The signed-in user from the ID token, or null when nobody is signed in (or the session is gone).
 * @public read through auth-loader.ts's dynamic import of this module.
 */
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
async function signUpClient(input: ClientSignUpInput): Promise<SignUpOutput> {
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
      clientMetadata: { full_name: fullName, company, phone, user_type: input.userType, ...(input.inviteToken ? { invite_token: input.inviteToken } : {}) },
    },
  });
}

/** Signs out on this device and forgets the "stay signed in" choice. */
async function signOutUser(): Promise<void> {
  try {
    await initAuth();
    await signOut();
  } finally {
    localStorage.removeItem(AUTH_PREFERENCE_KEY);
    setSignedInHint(false);
  }
}

/** Cognito mails a verification code to the signed-in user's address. */
async function sendEmailCode(): Promise<void> {
  await initAuth();
  await sendUserAttributeVerificationCode({ userAttributeKey: 'email' });
}

/** Confirms the code Cognito mailed: the identity provider now has the address verified. */
async function confirmEmailCode(code: string): Promise<void> {
  await initAuth();
  await confirmUserAttribute({ userAttributeKey: 'email', confirmationCode: code.trim() });
}

export type AuthEvent = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';

/** Subscribes to Amplify's auth events; returns the unsubscribe function. */
function onAuthEvent(listener: (event: AuthEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    const event = payload.event as string;
    if (event === 'signedIn' || event === 'signedOut' || event === 'tokenRefresh' || event === 'tokenRefresh_failure') {
      listener(event);
    }
  });
}
