import { userDecider, userRoles, type UserState } from '../../domain/user.js';
import type { Projection } from '../../core/projector.js';
import { clientWordItems } from './project-index.js';
import { ADMINS_PARTITION, ARCHITECTS_COUNTER, USERS_COUNTER, adminIndexKey, userKey } from './keys/users.js';

export { ARCHITECTS_COUNTER, USERS_COUNTER, userKey };

/** The profile of each user. gsi1: by e-mail; gsi4: the list of all users, newest first. */
export const usersProjection: Projection<UserState> = {
  name: 'users',
  streamPrefix: 'user-',
  initialState: userDecider.initialState,
  evolve: userDecider.evolve,
  items(state) {
    if (!state.registered || !state.user_id) return [];
    // The reset link's hash and time stay in the stream: no reader of profiles needs them.
    const { password_reset: _reset, ...profile } = state;
    return [
      {
        ...userKey(state.user_id),
        gsi1pk: `email#${state.email}`,
        gsi1sk: 'user',
        gsi4pk: 'users',
        gsi4sk: `${state.created_at}#${state.user_id}`,
        doc: JSON.stringify(profile),
      },
      // The board's search by client name and company (a renamed client's old words go with the old state).
      ...clientWordItems(state.user_id, state),
      // Who the admins are, without reading every profile (a revoked role's item goes with the old state).
      ...(userRoles(state).includes('admin') ? [{ ...adminIndexKey(state.user_id), gsi5pk: ADMINS_PARTITION, gsi5sk: state.user_id, user_id: state.user_id }] : []),
    ];
  },
  // The Users tab's counts (one item each), kept as profiles come and change.
  counters(state) {
    if (!state.registered || !state.user_id) return [];
    const architect = userRoles(state).length === 0 && state.initial_role !== 'designer' && (state.user_type ?? 'architect') === 'architect';
    return architect ? [USERS_COUNTER, ARCHITECTS_COUNTER] : [USERS_COUNTER];
  },
};
