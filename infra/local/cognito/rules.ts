/**
 * What the embedded Cognito imitates of the deployed user pool (infra/stack/auth.ts): the pool and
 * app client settings it is created with, and the rules the shim enforces where cognito-local is
 * more forgiving than Cognito. tests/infra/cognito-parity.test.ts compares these with the
 * synthesized template, so the two cannot drift apart.
 */

export const POOL_SETTINGS = {
  usernameAttributes: ['email'],
  autoVerifiedAttributes: ['email'],
  /**
   * Cognito's "keep original attribute value active when an update is pending": a new e-mail waits
   * until VerifyUserAttribute confirms the code sent to it; the old one stays active and verified.
   */
  attributesRequireVerificationBeforeUpdate: ['email'],
  recoveryMechanisms: [{ Name: 'verified_email', Priority: 1 }],
  passwordMinLength: 12,
  temporaryPasswordValidityDays: 7,
} as const;

export const CLIENT_SETTINGS = {
  /**
   * CUSTOM_AUTH: the session that proved the account's address signs in again with the one-time
   * answer its proof returned (functions/features/users/triggers/*-auth-challenge.ts).
   */
  explicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_CUSTOM_AUTH'],
  /** Unknown users get the answers known ones get (cognito-user-pool-managing-errors). */
  preventUserExistenceErrors: 'ENABLED',
  enableTokenRevocation: true,
  /** How long a custom-challenge sign-in may wait between InitiateAuth and its answer. */
  authSessionValidityMinutes: 3,
  accessTokenValidityMinutes: 60,
  idTokenValidityMinutes: 60,
  refreshTokenValidityDays: 30,
  /**
   * The attributes a user may write with their own access token. email_verified is not among them:
   * only VerifyUserAttribute (or an administrator) marks an address verified.
   */
  writeAttributes: ['email', 'name', 'custom:company', 'custom:phone', 'custom:user_type'],
} as const;

/**
 * Codes Cognito sends (ForgotPassword, ResendConfirmationCode, GetUserAttributeVerificationCode and
 * an e-mail change) and how many guesses and messages it allows.
 */
export const CODE_RULES = {
  /**
   * Cognito's password-reset code lives one hour (developer guide, "Recovering user accounts"); its
   * sign-up and attribute codes live 24 hours. One hour for all: the shorter, safer figure.
   */
  lifetimeSeconds: 60 * 60,
  /**
   * Cognito documents no exact number of wrong codes before `LimitExceededException: Attempt limit
   * exceeded, please try after some time.`; observed behaviour is about five. Five, then the code is
   * void and the user waits the lock-out before a new code can be confirmed.
   */
  maxFailedAttempts: 5,
  lockoutSeconds: 15 * 60,
  /**
   * Cognito throttles code messages per user with the same LimitExceededException and documents no
   * number; five an hour per user (or per unknown address) is the conservative pick.
   */
  maxMessagesPerWindow: 5,
  messageWindowSeconds: 60 * 60,
} as const;

export const LIMIT_EXCEEDED_MESSAGE = 'Attempt limit exceeded, please try after some time.';
