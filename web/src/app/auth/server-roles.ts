import { api } from '../api.js';
import type { MeResponse } from '../../lib/contracts.js';

/**
 * The caller's system roles and team as the API decides them (from the projections: a token's groups
 * may be stale, e.g. just after a designer was linked). Null when the API cannot be asked.
 */
export async function fetchAccess(): Promise<Pick<MeResponse, 'roles' | 'team'> | null> {
  try {
    const me = await api.get<MeResponse>('/me');
    return { roles: me.roles, team: me.team };
  } catch (error) {
    console.error('Could not read the roles', error);
    return null;
  }
}
