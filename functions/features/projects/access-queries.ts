import { canonicalEmail } from '../../../shared/email.js';
import { hasRole, type Principal } from '../../platform/http/auth.js';
import type { ProjectDetail } from './queries.js';

/*
 * Who may read or work on a project, from its document: asked by the project's handlers and by the features showing its
 * parts (activity, files).
 */

/** Who may read a project: admins, its owner, members of its team, its assigned designer. */
export function canReadProject(principal: Principal, callerTeamId: string | null, project: ProjectDetail): boolean {
  if (hasRole(principal, 'admin')) return true;
  if (project.user_id === principal.sub) return true;
  if (project.team_id && callerTeamId === project.team_id) return true;
  return isAssignedDesigner(principal, project);
}

/**
 * Assigned by account id, or by an e-mail the caller proved (a designer authorisation linked to the
 * account through its invitation link) — never by the token's e-mail claim.
 */
export function isAssignedDesigner(principal: Principal, project: ProjectDetail): boolean {
  if (!hasRole(principal, 'designer')) return false;
  if (project.assigned_designer_id === principal.sub) return true;
  const email = project.assigned_designer_email;
  return !!email && (principal.designerEmails ?? []).includes(canonicalEmail(email));
}
