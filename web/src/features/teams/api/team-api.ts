/**
 * The team and invitation routes for the screens (/profile, /accept-invite, /invite-signup).
 * Types come from the route contracts beside the handlers (`import type` only).
 */
import { ActionKeys, api } from '../../../app/api.js';

const inviteKeys = new ActionKeys();
import type {
  AcceptInviteResponse,
  ChangeMemberRoleBody,
  CreateInviteBody,
  InviteDetailsResponse,
  InviteResponse,
  TeamResponse,
} from '../../../../../functions/features/teams/contracts.js';

export type {
  AcceptInviteResponse,
  InviteDetailsResponse,
  InviteResponse,
  TeamInviteView,
  TeamMemberView,
  TeamResponse,
  TeamRole,
} from '../../../../../functions/features/teams/contracts.js';

const token = (value: string) => encodeURIComponent(value);

export const teamApi = {
  get: () => api.get<TeamResponse>('/team'),
  create: (name: string) => api.post<TeamResponse>('/team', { name }),
  changeRole: (userId: string, role: ChangeMemberRoleBody['role']) => api.patch<TeamResponse>(`/team/members/${encodeURIComponent(userId)}`, { role }),
  removeMember: (userId: string) => api.delete<TeamResponse>(`/team/members/${encodeURIComponent(userId)}`),
  invite: (body: CreateInviteBody) => inviteKeys.run(body, (idempotencyKey) => api.post<InviteResponse>('/team/invites', body, { idempotencyKey })),
  resendInvite: (id: string) => api.post<InviteResponse>(`/team/invites/${encodeURIComponent(id)}/resend`),
  revokeInvite: (id: string) => api.post<TeamResponse>(`/team/invites/${encodeURIComponent(id)}/revoke`),
  inviteDetails: (value: string) => api.get<InviteDetailsResponse>(`/invites/${token(value)}`),
  acceptInvite: (value: string) => api.post<AcceptInviteResponse>(`/invites/${token(value)}/accept`),
};

/** The spec's message for an unknown, expired, revoked or used invitation (docs/product.md#messages). */
export const INVALID_INVITE_MESSAGE = 'Invalid or expired invitation';
export const ONLY_DESIGNER_NOTE = 'Currently, only Designer role is available for new team members.';

export const teamRoleLabel = (role: string) => (role === 'admin' ? 'Admin' : role === 'designer' ? 'Designer' : role);
