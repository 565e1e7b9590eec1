import {
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
  UserNotFoundException,
} from '@aws-sdk/client-cognito-identity-provider';
import { randomBytes } from 'node:crypto';
import { SYSTEM_ACTOR } from '#events/envelope.js';
import { userDecider, userStream } from '../decider.js';
import { runCommand } from '../../../platform/event-store/command.js';
import type { Appending } from '../../../platform/runtime.js';

export interface AdminAccountResult {
  sub: string;
  created: boolean;
  /** Set only when a new account was created without a chosen password. */
  temporaryPassword?: string;
}

/** 16 random bytes as base64url plus a fixed tail: over 12 characters, every character class. */
const generatedPassword = () => `${randomBytes(16).toString('base64url')}#9a`;

/**
 * Creates (or promotes) an admin: the Cognito account if it is missing, its registration, and the
 * admin role as an event in the user's stream. The role is what the API checks; Cognito's admin
 * group follows from the event through the cognito-groups reactor. Safe to run twice.
 */
export async function ensureAdmin(
  runtime: Appending,
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  email: string,
  password?: string,
): Promise<AdminAccountResult> {
  const username = email.toLowerCase();
  let sub: string | undefined;
  let created = false;
  let temporaryPassword: string | undefined;
  try {
    const existing = await cognito.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    sub = existing.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  } catch (error) {
    if (!(error instanceof UserNotFoundException) && (error as Error).name !== 'UserNotFoundException') throw error;
    const chosen = password ?? (temporaryPassword = generatedPassword());
    const createdUser = await cognito.send(
      new AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: username },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: userPoolId,
        Username: username,
        Password: chosen,
        Permanent: true,
      }),
    );
    sub = createdUser.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    created = true;
  }
  if (!sub) throw new Error(`Cognito returned no id for ${username}`);
  await runCommand(
    userDecider,
    userStream(sub),
    { type: 'RegisterUser', user_id: sub, email: username, initial_role: 'admin' },
    { actor: SYSTEM_ACTOR },
    runtime,
  );
  await runCommand(
    userDecider,
    userStream(sub),
    { type: 'GrantRole', role: 'admin' },
    { actor: SYSTEM_ACTOR },
    runtime,
  );
  return { sub, created, temporaryPassword };
}
