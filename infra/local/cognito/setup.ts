import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListGroupsCommand,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { CLIENT_SETTINGS, POOL_SETTINGS } from './rules.js';

export const REGION = 'local'; // cognito-local's pool ids are `local_…`, and Amplify reads the region from the id
export const POOL_NAME = 'design-club';
export const CLIENT_NAME = 'web';
export const GROUPS = ['client', 'designer', 'admin'] as const;

export function cognitoClient(endpoint: string): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({
    endpoint,
    region: REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/**
 * Finds (by name) or creates the pool, the SPA's app client and the role groups, so a restart on
 * the same data directory keeps its pool id, client id, users and refresh tokens.
 */
export async function ensurePool(
  endpoint: string,
  passwordMinLength: number,
): Promise<{ userPoolId: string; clientId: string }> {
  const client = cognitoClient(endpoint);
  try {
    const { UserPools = [] } = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    const userPoolId =
      UserPools.find((p) => p.Name === POOL_NAME)?.Id ??
      (
        await client.send(
          new CreateUserPoolCommand({
            PoolName: POOL_NAME,
            UsernameAttributes: [...POOL_SETTINGS.usernameAttributes],
            AutoVerifiedAttributes: [...POOL_SETTINGS.autoVerifiedAttributes],
            UserAttributeUpdateSettings: {
              AttributesRequireVerificationBeforeUpdate: [...POOL_SETTINGS.attributesRequireVerificationBeforeUpdate],
            },
            AccountRecoverySetting: { RecoveryMechanisms: POOL_SETTINGS.recoveryMechanisms.map((m) => ({ ...m })) },
            Policies: {
              PasswordPolicy: {
                MinimumLength: passwordMinLength,
                RequireLowercase: false,
                RequireUppercase: false,
                RequireNumbers: false,
                RequireSymbols: false,
                TemporaryPasswordValidityDays: POOL_SETTINGS.temporaryPasswordValidityDays,
              },
            },
          }),
        )
      ).UserPool!.Id!;

    const { UserPoolClients = [] } = await client.send(
      new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }),
    );
    const clientId =
      UserPoolClients.find((c) => c.ClientName === CLIENT_NAME)?.ClientId ??
      (
        await client.send(
          new CreateUserPoolClientCommand({
            UserPoolId: userPoolId,
            ClientName: CLIENT_NAME,
            GenerateSecret: false,
            ExplicitAuthFlows: [...CLIENT_SETTINGS.explicitAuthFlows],
            PreventUserExistenceErrors: CLIENT_SETTINGS.preventUserExistenceErrors,
            EnableTokenRevocation: CLIENT_SETTINGS.enableTokenRevocation,
            WriteAttributes: [...CLIENT_SETTINGS.writeAttributes],
            AccessTokenValidity: CLIENT_SETTINGS.accessTokenValidityMinutes,
            IdTokenValidity: CLIENT_SETTINGS.idTokenValidityMinutes,
            RefreshTokenValidity: CLIENT_SETTINGS.refreshTokenValidityDays,
            TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'days' },
          }),
        )
      ).UserPoolClient!.ClientId!;

    const { Groups = [] } = await client.send(new ListGroupsCommand({ UserPoolId: userPoolId }));
    for (const group of GROUPS) {
      if (!Groups.some((g) => g.GroupName === group)) {
        await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: group }));
      }
    }
    return { userPoolId, clientId };
  } finally {
    client.destroy();
  }
}
