import type { UserStreamRole } from './events.js';
import type { UserState } from './state.js';

/**
 * The roles of a user state, also for states folded before `roles` existed (projection checkpoints).
 * Its own module so the API's access checks bundle it without the user decider and its event schemas.
 */
export function userRoles(state: Pick<UserState, 'roles' | 'initial_role'> | null | undefined): UserStreamRole[] {
  if (!state) return [];
  return state.roles ?? (state.initial_role === 'admin' ? ['admin'] : []);
}
