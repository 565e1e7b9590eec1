import { userEvolution, userRoles, type UserState } from './state.js';
import type { Projection } from '../../platform/views/projection.js';
import { ownerPartition } from '../projects/queries.js';
import {
  ADMINS_PARTITION,
  ARCHITECTS_COUNTER,
  ERASURES_PARTITION,
  USERS_COUNTER,
  adminIndexKey,
  clientCardKey,
  erasureLogKey,
  userKey,
} from './keys.js';

export { ARCHITECTS_COUNTER, USERS_COUNTER, userKey };

/** What a project's card and search items show of its client: the user's card item (see `dependents`). */
const clientCard = (state: UserState) => ({
  id: state.user_id!,
  full_name: state.full_name,
  email: state.email,
  company: state.company,
});
const shownOnCards = (state: UserState) =>
  state.registered && state.user_id ? JSON.stringify(clientCard(state)) : null;

/**
 * The profile of each user. gsi1: by e-mail; gsi4: the list of all users, newest first. Projects
 * show their client's name, company and e-mail on their cards and search items: they look up the
 * user's card item (written here, rewritten only when those change), and when it changes, or first
 * appears, the client's projects are re-projected, found by the owner index (every project the
 * user submitted, team ones too).
 */
export const usersProjection: Projection<UserState> = {
  name: 'users',
  streamPrefix: 'user-',
  ...userEvolution,
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
      { ...clientCardKey(state.user_id), client: shownOnCards(state) },
      // Who the admins are, without reading every profile (a revoked role's item goes with the old state).
      ...(userRoles(state).includes('admin')
        ? [{ ...adminIndexKey(state.user_id), gsi5pk: ADMINS_PARTITION, gsi5sk: state.user_id, user_id: state.user_id }]
        : []),
      // The erasure log's row: who asked, when, the reference; the account id, never a name or an address.
      ...(state.erasure
        ? [
            {
              ...erasureLogKey(state.user_id),
              gsi5pk: ERASURES_PARTITION,
              gsi5sk: `${state.erasure.requested_at}#${state.user_id}`,
              doc: JSON.stringify({ user_id: state.user_id, ...state.erasure }),
            },
          ]
        : []),
    ];
  },
  dependents: [
    {
      projection: 'projects',
      changed: (before, after) => shownOnCards(before) !== shownOnCards(after),
      streams: (state) => (state.user_id ? { index: 'gsi1', pk: ownerPartition(state.user_id) } : null),
      streamOf: (item) => `project-${String(item.pk).slice('project#'.length)}`,
    },
  ],
  // The Users tab's counts (one item each), kept as profiles come and change.
  counters(state) {
    if (!state.registered || !state.user_id) return [];
    const architect =
      userRoles(state).length === 0 &&
      state.initial_role !== 'designer' &&
      (state.user_type ?? 'architect') === 'architect';
    return architect ? [USERS_COUNTER, ARCHITECTS_COUNTER] : [USERS_COUNTER];
  },
};
