import type { RunningCognitoLocal } from './server.js';
import type { Sessions } from './shim.js';

/** Session bookkeeping the shim does straight through cognito-local's user pool service. */
export function cognitoLocalSessions({ services, ctx }: RunningCognitoLocal): Sessions {
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
  };
}
