import * as z from '../../../events/zod.js';
import { INVITE_ROLES, TEAM_ROLES, type InviteRole, type TeamRole } from './events.js';
import { USER_TYPES, type UserType } from '../../../shared/vocabulary.js';

export type { InviteRole, TeamRole } from './events.js';

/*
 * Profile & Team Settings (/profile), the invite pages (/accept-invite, /invite-signup): docs/product.md#screens,
 * #records, #calls.
 */

const profileText = (max: number) =>
  z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`))));

/** PATCH /api/me/profile: the fields a client edits on 'Profile Settings'; absent fields stay as they are. */
export const updateProfileBody = /* @__PURE__ */ (() =>
  z.strictObject({
    full_name: profileText(200),
    company: profileText(200),
    user_type: z.optional(z.enum(USER_TYPES)),
  }))();
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export interface ProfileResponse {
  profile: {
    id: string;
    email: string;
    full_name: string | null;
    company: string | null;
    phone: string | null;
    user_type: UserType;
  };
}

/** POST /api/team: a client names a team and becomes its admin. */
export const createTeamBody = /* @__PURE__ */ (() =>
  z.object({
    name: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'Please enter a team name'),
        z.maxLength(100, 'A team name can have at most 100 characters'),
      ),
  }))();

/** PATCH /api/team/members/{userId}. */
export const changeMemberRoleBody = /* @__PURE__ */ (() => z.object({ role: z.enum(TEAM_ROLES) }))();
export type ChangeMemberRoleBody = z.input<typeof changeMemberRoleBody>;

export const memberParams = /* @__PURE__ */ (() =>
  z.object({ userId: z.string().check(z.minLength(1), z.maxLength(200)) }))();
export const inviteParams = /* @__PURE__ */ (() =>
  z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) }))();
export const tokenParams = /* @__PURE__ */ (() => z.object({ token: z.string().check(z.maxLength(500)) }))();

/** POST /api/team/invites: e-mail required; the role offered is only Designer. */
export const createInviteBody = /* @__PURE__ */ (() =>
  z.object({
    email: z.pipe(
      z.string().check(z.trim(), z.minLength(1, 'Email is required'), z.toLowerCase()),
      z.email('Please enter a valid email address'),
    ),
    role: z._default(
      z.enum(INVITE_ROLES, { message: 'Currently, only Designer role is available for new team members.' }),
      'designer',
    ),
  }))();
export type CreateInviteBody = z.input<typeof createInviteBody>;

export interface TeamMemberView {
  user_id: string;
  full_name: string | null;
  email: string;
  role: TeamRole;
  status: 'active' | 'inactive';
  created_at: string;
  /** The caller: nobody changes or removes themselves. */
  is_self: boolean;
}

export interface TeamInviteView {
  id: string;
  invited_email: string;
  invited_role: InviteRole;
  inviter_name: string | null;
  status: 'pending' | 'revoked' | 'accepted';
  expires_at: string;
  expired: boolean;
  created_at: string;
  sent_at: string | null;
  /** Why the last e-mail failed, until one goes out. */
  send_error: string | null;
}

/** GET /api/team (and the answer of every team change): pending invitations only for team admins. */
export interface TeamResponse {
  team: { id: string; name: string; created_at: string | null } | null;
  /** The caller's role in the team (a team role: it grants no system rights). */
  role: TeamRole | null;
  members: TeamMemberView[];
  invites: TeamInviteView[];
}

/** POST /api/team/invites and /resend: the team, the invitation, and whether its e-mail went out. */
export interface InviteResponse extends TeamResponse {
  invite: TeamInviteView;
  email_sent: boolean;
  /** 'Invite sent successfully to {email}', 'Invitation resent to {email}', or the failure text. */
  message: string;
}

/** GET /api/invites/{token} (public): get-invite-details. */
export interface InviteDetailsResponse {
  invitedEmail: string;
  teamName: string;
  inviterName: string;
}

/** POST /api/invites/{token}/accept: accept-invite. */
export interface AcceptInviteResponse {
  team: { id: string; name: string };
  role: TeamRole;
}
