import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { SystemRole } from '../../events/index.js';
import { localEndpointConfig, requestHandlerOptions } from './sdk-config.js';
import { captureAwsClient } from '../core/observability/tracing.js';

/** Cognito user pool administration: group membership and sign-out, for reactors and admin actions. */
export class IdentityDirectory {
  private readonly client: CognitoIdentityProviderClient;

  constructor(
    private readonly userPoolId = process.env.USER_POOL_ID ?? '',
    endpoint = process.env.COGNITO_ENDPOINT,
  ) {
    this.client = captureAwsClient(new CognitoIdentityProviderClient({ ...localEndpointConfig(endpoint), maxAttempts: 3, requestHandler: requestHandlerOptions() }));
  }

  /** Idempotent: adding a member twice is not an error in Cognito. */
  async addToGroup(username: string, group: SystemRole): Promise<void> {
    await this.client.send(new AdminAddUserToGroupCommand({ UserPoolId: this.userPoolId, Username: username, GroupName: group }));
  }

  async removeFromGroup(username: string, group: SystemRole): Promise<void> {
    await this.client.send(new AdminRemoveUserFromGroupCommand({ UserPoolId: this.userPoolId, Username: username, GroupName: group }));
  }

  async globalSignOut(username: string): Promise<void> {
    await this.client.send(new AdminUserGlobalSignOutCommand({ UserPoolId: this.userPoolId, Username: username }));
  }
}

/** One directory per pool and endpoint: both come from the environment the (embedded) runtime set. */
let cached: { key: string; directory: IdentityDirectory } | undefined;
export function identityDirectory(): IdentityDirectory {
  const key = `${process.env.USER_POOL_ID ?? ''}|${process.env.COGNITO_ENDPOINT ?? ''}`;
  if (cached?.key !== key) cached = { key, directory: new IdentityDirectory() };
  return cached.directory;
}
