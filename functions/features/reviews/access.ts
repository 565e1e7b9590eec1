import type { Principal } from '../../platform/http/auth.js';
import { HttpError } from '../../platform/errors.js';
import type { ReviewRole } from './present.js';
import type { ReviewSummary } from './state.js';
import { onClientSide, onStudioSide } from '../projects/state.js';
import { partyOfPrincipal } from '../projects/queries.js';

/** The caller's standing on a review: the client and their team review; admins and the assigned designer respond. */
export function reviewRoleOf(
  principal: Principal,
  callerTeamId: string | null,
  state: ReviewSummary,
): ReviewRole & { can_read: boolean } {
  const party = partyOfPrincipal(principal, callerTeamId);
  const client = onClientSide(state, party);
  const studio = onStudioSide(state, party);
  return {
    can_read: state.exists && (client || studio),
    can_review: state.exists && client,
    can_respond: state.exists && studio,
  };
}

/** Nobody else sees a note: a review the caller may not read is answered like a project that does not exist. */
export function requireReader(role: { can_read: boolean }): void {
  if (!role.can_read) throw new HttpError(404, 'NOT_FOUND', 'Project not found');
}
