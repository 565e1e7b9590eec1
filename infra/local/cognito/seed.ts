import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  type AttributeType,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognitoClient } from './setup.js';

export interface SeedUser {
  email: string;
  password: string;
  groups?: string[];
  /** Extra attributes (`name`, `custom:…`); e-mail and email_verified are set from `email`. */
  attributes?: Record<string, string>;
}

/**
 * Creates the user if missing (no welcome message), sets the password as permanent (so the user is
 * CONFIRMED and signs in directly), brings the given attributes up to date and adds the groups.
 * Safe to run on every start. No Cognito trigger fires on this path. Returns the user's sub.
 */
export async function ensureUser(cognito: { endpoint: string; userPoolId: string }, user: SeedUser): Promise<string> {
  const client = cognitoClient(cognito.endpoint);
  const UserPoolId = cognito.userPoolId;
  const Username = user.email;
  const wanted = Object.entries(user.attributes ?? {}).map(([Name, Value]) => ({ Name, Value }));
  try {
    let attributes: AttributeType[];
    try {
      attributes = (await client.send(new AdminGetUserCommand({ UserPoolId, Username }))).UserAttributes ?? [];
      const changed = wanted.filter((w) => attributes.find((a) => a.Name === w.Name)?.Value !== w.Value);
      if (changed.length) {
        await client.send(new AdminUpdateUserAttributesCommand({ UserPoolId, Username, UserAttributes: changed }));
      }
    } catch (err) {
      if ((err as Error).name !== 'UserNotFoundException') throw err;
      const created = await client.send(
        new AdminCreateUserCommand({
          UserPoolId,
          Username,
          MessageAction: 'SUPPRESS',
          UserAttributes: [{ Name: 'email', Value: user.email }, { Name: 'email_verified', Value: 'true' }, ...wanted],
        }),
      );
      attributes = created.User?.Attributes ?? [];
    }
    await client.send(
      new AdminSetUserPasswordCommand({ UserPoolId, Username, Password: user.password, Permanent: true }),
    );
    for (const GroupName of user.groups ?? []) {
      await client.send(new AdminAddUserToGroupCommand({ UserPoolId, Username, GroupName }));
    }
    const sub = attributes.find((a) => a.Name === 'sub')?.Value;
    if (!sub) throw new Error(`ensureUser: ${user.email} has no sub`);
    return sub;
  } finally {
    client.destroy();
  }
}
