import type { RunningCognitoLocal } from './server.js';
import type { Sessions } from './shim.js';
import type { CustomAuthAccounts } from './shim-custom-auth.js';

/** Session bookkeeping the shim does straight through cognito-local's user pool service. */
export function cognitoLocalSessions({ services, ctx }: RunningCognitoLocal): Sessions & CustomAuthAccounts {
  // getUserByUsername matches the user name, the sub attribute and (e-mail pools) the e-mail.
  const find = async (userPoolId: string, username: string) => {
    const pool = await services.cognito.getUserPool(ctx, userPoolId);
    return { pool, user: await pool.getUserByUsername(ctx, username) };
  };

  return {
    async findSub(userPoolId, username) {
      const { user } = await find(userPoolId, username);
      return user?.Attributes.find((a) => a.Name === 'sub')?.Value ?? null;
    },
    async revokeRefreshTokens(userPoolId, sub) {
      const { pool, user } = await find(userPoolId, sub);
      if (user) await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    },
    async passwordMatches(userPoolId, username, password) {
      const { user } = await find(userPoolId, username);
      if (!user) return null;
      return typeof user.Password === 'string' && user.Password.length > 0 && user.Password === password;
    },
    async keepRefreshToken(userPoolId, sub, refreshToken) {
      const { pool, user } = await find(userPoolId, sub);
      if (user) await pool.storeRefreshToken(ctx, refreshToken, user);
    },
    async find(userPoolId, username) {
      const { user } = await find(userPoolId, username);
      if (!user || user.Enabled === false || user.UserStatus !== 'CONFIRMED') return null;
      return {
        username: user.Username,
        attributes: Object.fromEntries(user.Attributes.map((a) => [a.Name, a.Value ?? ''])),
      };
    },
    // As cognito-local's own password sign-in issues them (targets/initiateAuth.js): groups, source, kept
    // refresh token.
    async issueTokens(userPoolId, clientId, username) {
      const { pool, user } = await find(userPoolId, username);
      const client = await services.cognito.getAppClient(ctx, clientId);
      if (!user || !client) throw new Error('No such user or app client');
      const groups = await pool.listUserGroupMembership(ctx, user);
      const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, undefined, 'Authentication');
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return tokens;
    },
  };
}
