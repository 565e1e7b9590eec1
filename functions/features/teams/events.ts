import * as z from '../../../events/zod.js';
import { defineEvent, type EventDefinition, type EventOf } from '../../../events/catalogue.js';

/**
 * Stream `team-<id>`: a client's team, its members and its invitations (docs/product.md#records, #states).
 * Team roles are roles inside one client's team; they never grant the system admin or designer rights.
 */
export const TEAM_ROLES = ['admin', 'designer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The only role offered to new team members (docs/product.md#screens: 'Currently, only Designer role is available…'). */
export const INVITE_ROLES = ['designer'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

const email = () => z.email().check(z.toLowerCase());
const sha256Hex = () => z.string().check(z.regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest'));
const instant = () => z.iso.datetime();

export const TeamCreated = /* @__PURE__ */ defineEvent(
  'TeamCreated',
  () => z.object({
    team_id: z.string().check(z.minLength(1)),
    name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
    created_by: z.string().check(z.minLength(1)),
  }),
);

/** The creator joins as admin (`invite_id` null); an invitee joins with the invited role. */
export const TeamMemberJoined = /* @__PURE__ */ defineEvent(
  'TeamMemberJoined',
  () => z.object({
    user_id: z.string().check(z.minLength(1)),
    email: email(),
    role: z.enum(TEAM_ROLES),
    invite_id: z.nullable(z.string()),
  }),
);

export const TeamMemberRoleChanged = /* @__PURE__ */ defineEvent(
  'TeamMemberRoleChanged',
  () => z.object({ user_id: z.string().check(z.minLength(1)), from: z.enum(TEAM_ROLES), to: z.enum(TEAM_ROLES) }),
);

export const TeamMemberRemoved = /* @__PURE__ */ defineEvent('TeamMemberRemoved', () => z.object({ user_id: z.string().check(z.minLength(1)), email: email() }));

/**
 * Only the sha256 of the invitation token is stored; the token itself exists only in the link
 * e-mailed to the invitee.
 */
export const TeamInviteCreated = /* @__PURE__ */ defineEvent(
  'TeamInviteCreated',
  () => z.object({
    invite_id: z.string().check(z.minLength(1)),
    invited_email: email(),
    invited_role: z.enum(INVITE_ROLES),
    invited_by: z.string().check(z.minLength(1)),
    inviter_name: z.nullable(z.string().check(z.maxLength(200))),
    token_hash: sha256Hex(),
    expires_at: instant(),
  }),
);

/** The invitation e-mail went out (first send or resend). */
export const TeamInviteSent = /* @__PURE__ */ defineEvent('TeamInviteSent', () => z.object({ invite_id: z.string().check(z.minLength(1)), to: email() }));

/** The mail adapter refused the invitation e-mail: the invite stays pending and can be resent. */
export const TeamInviteSendFailed = /* @__PURE__ */ defineEvent(
  'TeamInviteSendFailed',
  () => z.object({ invite_id: z.string().check(z.minLength(1)), reason: z.string().check(z.maxLength(500)) }),
);

/**
 * A resend issues a new token (only its hash is kept, so the old link cannot be mailed again) and
 * a new expiry; the previous link stops working.
 */
export const TeamInviteResent = /* @__PURE__ */ defineEvent(
  'TeamInviteResent',
  () => z.object({ invite_id: z.string().check(z.minLength(1)), token_hash: sha256Hex(), expires_at: instant() }),
);

export const TeamInviteRevoked = /* @__PURE__ */ defineEvent('TeamInviteRevoked', () => z.object({ invite_id: z.string().check(z.minLength(1)) }));

export const TeamInviteAccepted = /* @__PURE__ */ defineEvent(
  'TeamInviteAccepted',
  () => z.object({ invite_id: z.string().check(z.minLength(1)), user_id: z.string().check(z.minLength(1)) }),
);

export const teamEvents: EventDefinition[] = [
  TeamCreated,
  TeamMemberJoined,
  TeamMemberRoleChanged,
  TeamMemberRemoved,
  TeamInviteCreated,
  TeamInviteSent,
  TeamInviteSendFailed,
  TeamInviteResent,
  TeamInviteRevoked,
  TeamInviteAccepted,
];

/** Every event of the team stream, as a fold reads them. */
export type TeamEvent =
  | EventOf<typeof TeamCreated>
  | EventOf<typeof TeamMemberJoined>
  | EventOf<typeof TeamMemberRoleChanged>
  | EventOf<typeof TeamMemberRemoved>
  | EventOf<typeof TeamInviteCreated>
  | EventOf<typeof TeamInviteSent>
  | EventOf<typeof TeamInviteSendFailed>
  | EventOf<typeof TeamInviteResent>
  | EventOf<typeof TeamInviteRevoked>
  | EventOf<typeof TeamInviteAccepted>;
