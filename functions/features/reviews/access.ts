import { canonicalEmail } from '../../../shared/email.js';
import { hasRole, type Principal } from '../../platform/http/auth.js';
import { HttpError } from '../../platform/errors.js';
import type { ReviewRole } from './present.js';
import type { ReviewState } from './state.js';

/** The caller's standing on a review: the client and their team review; admins and the assigned designer respond. */
export function reviewRoleOf(
  principal: Principal,
  callerTeamId: string | null,
  state: ReviewState,
): ReviewRole & { can_read: boolean } {
  const admin = hasRole(principal, 'admin');
  const client = state.user_id === principal.sub || (!!state.team_id && callerTeamId === state.team_id);
  const email = state.assigned_designer_email;
  const designer =
    hasRole(principal, 'designer') &&
    (state.assigned_designer_id === principal.sub ||
      (!!email && (principal.designerEmails ?? []).includes(canonicalEmail(email))));
  return {
    can_read: state.exists && (admin || client || designer),
    can_review: state.exists && client,
    can_respond: state.exists && (admin || designer),
  };
}

/** Nobody else sees a note: a review the caller may not read is answered like a project that does not exist. */
export function requireReader(role: { can_read: boolean }): void {
  if (!role.can_read) throw new HttpError(404, 'NOT_FOUND', 'Project not found');
}
