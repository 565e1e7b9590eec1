import { AwsJsonClient } from './aws/json-client.js';
import type { SystemRole } from '../../events/index.js';

/** Cognito user pool administration: group membership and sign-out, for reactors and admin actions. */
export class IdentityDirectory {
  private readonly client: AwsJsonClient;

  constructor(
    private readonly userPoolId = process.env.USER_POOL_ID ?? '',
    endpoint = process.env.COGNITO_ENDPOINT,
  ) {
    this.client = new AwsJsonClient({ service: 'cognito-idp', targetPrefix: 'AWSCognitoIdentityProviderService', jsonVersion: '1.1', endpoint, maxAttempts: 3 });
  }

  /** Idempotent: adding a member twice is not an error in Cognito. */
  async addToGroup(username: string, group: SystemRole): Promise<void> {
    await this.client.call('AdminAddUserToGroup', { UserPoolId: this.userPoolId, Username: username, GroupName: group });
  }

  async removeFromGroup(username: string, group: SystemRole): Promise<void> {
    await this.client.call('AdminRemoveUserFromGroup', { UserPoolId: this.userPoolId, Username: username, GroupName: group });
  }

  async globalSignOut(username: string): Promise<void> {
    await this.client.call('AdminUserGlobalSignOut', { UserPoolId: this.userPoolId, Username: username });
  }
}

/** One directory per pool and endpoint: both come from the environment the (embedded) runtime set. */
let cached: { key: string; directory: IdentityDirectory } | undefined;
export function identityDirectory(): IdentityDirectory {
  const key = `${process.env.USER_POOL_ID ?? ''}|${process.env.COGNITO_ENDPOINT ?? ''}`;
  if (cached?.key !== key) cached = { key, directory: new IdentityDirectory() };
  return cached.directory;
}
