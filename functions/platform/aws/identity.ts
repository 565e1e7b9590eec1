import {
  AdminAddUserToGroupCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminRemoveUserFromGroupCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { SystemRole } from '../../../shared/vocabulary.js';
import { localEndpointConfig, requestHandlerOptions, MIDDLEWARE_RESOLVED_ONCE } from './sdk-config.js';
import { captureAwsClient } from '../observability/tracing.js';

/** Cognito user pool administration: group membership, sign-out and password resets, for reactors and admin actions. */
export class IdentityDirectory {
  private readonly client: CognitoIdentityProviderClient;

  constructor(
    private readonly userPoolId = process.env.USER_POOL_ID ?? '',
    endpoint = process.env.COGNITO_ENDPOINT,
  ) {
    this.client = captureAwsClient(
      new CognitoIdentityProviderClient({
        ...localEndpointConfig(endpoint),
        maxAttempts: 3,
        requestHandler: requestHandlerOptions(),
        ...MIDDLEWARE_RESOLVED_ONCE,
      }),
    );
  }

  /** Idempotent: adding a member twice is not an error in Cognito. */
  async addToGroup(username: string, group: SystemRole): Promise<void> {
    await this.client.send(
      new AdminAddUserToGroupCommand({ UserPoolId: this.userPoolId, Username: username, GroupName: group }),
    );
  }

  async removeFromGroup(username: string, group: SystemRole): Promise<void> {
    await this.client.send(
      new AdminRemoveUserFromGroupCommand({ UserPoolId: this.userPoolId, Username: username, GroupName: group }),
    );
  }

  /**
   * A permanent password (no change asked at the next sign-in); the pool's policy may refuse it
   * (InvalidPasswordException).
   */
  async setPassword(username: string, password: string): Promise<void> {
    await this.client.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: this.userPoolId,
        Username: username,
        Password: password,
        Permanent: true,
      }),
    );
  }

  /**
   * The user proved they read their address (a link mailed to it was followed). The address is sent
   * again, unchanged, with the flag: cognito-local refuses email_verified alone, and Cognito accepts both.
   */
  async markEmailVerified(username: string): Promise<void> {
    const user = await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: username }));
    const email = user.UserAttributes?.find((attribute) => attribute.Name === 'email')?.Value;
    if (!email) return;
    await this.client.send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: this.userPoolId,
        Username: username,
        UserAttributes: [
          { Name: 'email', Value: email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  }

  /**
   * The account's address and whether the identity provider has it verified (AdminGetUser): the
   * proof of the address, when a token is older than it. Null when the account does not exist.
   */
  async emailStatus(username: string): Promise<{ email: string; verified: boolean } | null> {
    try {
      const user = await this.client.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId, Username: username }));
      const value = (name: string) => user.UserAttributes?.find((attribute) => attribute.Name === name)?.Value;
      return { email: value('email') ?? '', verified: value('email_verified') === 'true' };
    } catch (error) {
      if ((error as Error).name === 'UserNotFoundException') return null;
      throw error;
    }
  }

  async globalSignOut(username: string): Promise<void> {
    await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: username }));
  }

  /**
   * Whether `password` is the account's, asked of Cognito as a sign-in would (USER_PASSWORD_AUTH, the
   * flow the app client allows): its own failed-attempt limits apply. The tokens of a right answer are
   * not kept; the one caller (the erasure) deletes the user next. False for a wrong password, an
   * unknown or disabled user; anything else (Cognito unreachable, its throttle) throws.
   */
  async verifyPassword(
    username: string,
    password: string,
    clientId = process.env.USER_POOL_CLIENT_ID ?? '',
  ): Promise<boolean> {
    try {
      await this.client.send(
        new InitiateAuthCommand({
          ClientId: clientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: username, PASSWORD: password },
        }),
      );
      return true;
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'NotAuthorizedException' || name === 'UserNotFoundException') return false;
      throw error;
    }
  }

  /** Deletes the user; a user already gone is not an error (an erasure's retry). */
  async deleteUser(username: string): Promise<void> {
    try {
      await this.client.send(new AdminDeleteUserCommand({ UserPoolId: this.userPoolId, Username: username }));
    } catch (error) {
      if ((error as Error).name !== 'UserNotFoundException') throw error;
    }
  }
}

/** One directory per pool and endpoint: both come from the environment the (embedded) runtime set. */
let cached: { key: string; directory: IdentityDirectory } | undefined;
export function identityDirectory(): IdentityDirectory {
  const key = `${process.env.USER_POOL_ID ?? ''}|${process.env.COGNITO_ENDPOINT ?? ''}`;
  if (cached?.key !== key) cached = { key, directory: new IdentityDirectory() };
  return cached.directory;
}
