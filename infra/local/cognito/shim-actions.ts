/** Which Cognito actions the embedded Cognito's shim serves to whom (shim.ts). */

export const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The user API Cognito serves without AWS credentials, as far as the SPA (Amplify) and a user's own
 * session need it. Everything else is an administrative action: only under the admin path.
 */
export const PUBLIC_ACTIONS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'RevokeToken',
  'GetTokensFromRefreshToken',
]);

/** Actions that act for the holder of an access token: cognito-local only decodes it, the shim verifies it. */
export const ACCESS_TOKEN_ACTIONS = new Set([
  'ChangePassword',
  'GetUser',
  'UpdateUserAttributes',
  'VerifyUserAttribute',
  'GetUserAttributeVerificationCode',
  'GlobalSignOut',
  'DeleteUser',
  'DeleteUserAttributes',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);
