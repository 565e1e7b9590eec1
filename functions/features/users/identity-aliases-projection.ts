import { userEvolution, type UserState } from './state.js';
import type { Projection } from '../../platform/views/projection.js';
import { identityAliasKey } from './identity-alias-keys.js';

export { identityAliasKey };

/**
 * Which user a re-created Cognito account is (UserIdentityRelinked): one item per relinked user, by
 * the sub it signs in with now, naming the user id of its streams. A later relink (the pool lost
 * again) moves the item to the newer sub; the older one is removed. Read by the API's caller lookup
 * (functions/features/users/identity-queries.ts).
 */
export const identityAliasesProjection: Projection<UserState> = {
  name: 'identity-aliases',
  streamPrefix: 'user-',
  ...userEvolution,
  items(state) {
    if (!state.registered || !state.user_id || !state.identity_sub) return [];
    return [{ ...identityAliasKey(state.identity_sub), user_id: state.user_id }];
  },
};
