import {
  AdminAddUserToGroupCommand,
  AdminRemoveUserFromGroupCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import type { SystemRole } from '../../events/index.js';
import { localCredentials } from './aws-clients.js';
import { getRuntime, type Runtime } from './runtime.js';

/** Cognito user pool administration: group membership and sign-out, for reactors and admin actions. */
export class IdentityDirectory {
  private readonly client: CognitoIdentityProviderClient;

  constructor(
    private readonly userPoolId = process.env.USER_POOL_ID ?? '',
    endpoint = process.env.COGNITO_ENDPOINT,
  ) {
    this.client = new CognitoIdentityProviderClient({
      endpoint,
      region: process.env.AWS_REGION ?? 'us-east-1',
      credentials: endpoint ? localCredentials() : undefined,
    });
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

/** One directory per runtime: its pool id and endpoint come from the environment that runtime set. */
const directories = new WeakMap<Runtime, IdentityDirectory>();
export function identityDirectory(): IdentityDirectory {
  const runtime = getRuntime();
  let directory = directories.get(runtime);
  if (!directory) directories.set(runtime, (directory = new IdentityDirectory()));
  return directory;
}
