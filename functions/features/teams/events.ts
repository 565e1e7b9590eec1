import * as z from '../../../events/zod.js';
import { personal, plain } from '../../../events/personal.js';
import { defineEvent, type EventDefinition, type EventOf } from '../../../events/catalogue.js';

/**
 * Stream `team-<id>`: a client's team, its members and its invitations (docs/product.md#records, #states).
 * Team roles are roles inside one client's team; they never grant the system admin or designer rights.
 */
export const TEAM_ROLES = ['admin', 'designer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/**
 * The only role offered to new team members (docs/product.md#screens: 'Currently, only Designer role is available…').
 */
export const INVITE_ROLES = ['designer'] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

const email = () => z.email().check(z.toLowerCase());
const sha256Hex = () =>
  plain(z.string().check(z.regex(/^[0-9a-f]{64}$/, 'a sha256 hex digest')), 'A one-way hash of a one-time link');
/** An invitee may have no account yet: the address is the team's record, under the team creator's key. */
const inviteeEmail = () =>
  personal(email(), {
    what: "An invitee's e-mail address",
    why: 'Where the invitation goes',
    erased: 'deleted-user@erased.invalid',
  });
const generatedId = () => plain(z.string().check(z.minLength(1)), 'An id the system generated');
const accountId = () => plain(z.string().check(z.minLength(1)), 'An account id');
/** A member's address is the member's own data, under their key: their erasure erases it here too. */
const memberEmail = () =>
  personal(email(), {
    what: "A team member's e-mail address",
    why: 'Who is in the team',
    subject: { field: 'user_id' },
    erased: 'deleted-user@erased.invalid',
  });
const instant = () => z.iso.datetime();

export const TeamCreated = /* @__PURE__ */ defineEvent('TeamCreated', () =>
  z.object({
    team_id: generatedId(),
    name: personal(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), {
      what: 'Team name',
      why: 'Shown to the team, often a company or family name',
      erased: 'Erased team',
    }),
    created_by: accountId(),
  }),
);

/** The creator joins as admin (`invite_id` null); an invitee joins with the invited role. */
export const TeamMemberJoined = /* @__PURE__ */ defineEvent('TeamMemberJoined', () =>
  z.object({
    user_id: accountId(),
    email: memberEmail(),
    role: z.enum(TEAM_ROLES),
    invite_id: plain(z.nullable(z.string()), 'An id the system generated'),
  }),
);

export const TeamMemberRoleChanged = /* @__PURE__ */ defineEvent('TeamMemberRoleChanged', () =>
  z.object({ user_id: accountId(), from: z.enum(TEAM_ROLES), to: z.enum(TEAM_ROLES) }),
);

export const TeamMemberRemoved = /* @__PURE__ */ defineEvent('TeamMemberRemoved', () =>
  z.object({ user_id: accountId(), email: memberEmail() }),
);

/**
 * Only the sha256 of the invitation token is stored; the token itself exists only in the link
 * e-mailed to the invitee.
 */
export const TeamInviteCreated = /* @__PURE__ */ defineEvent('TeamInviteCreated', () =>
  z.object({
    invite_id: generatedId(),
    invited_email: inviteeEmail(),
    invited_role: z.enum(INVITE_ROLES),
    invited_by: accountId(),
    inviter_name: personal(z.nullable(z.string().check(z.maxLength(200))), {
      what: "The inviter's name, as the invitation e-mail shows it",
      why: 'Tells the invitee who invited them',
      subject: { field: 'invited_by' },
      erased: null,
    }),
    token_hash: sha256Hex(),
    expires_at: instant(),
  }),
);

/** The invitation e-mail went out (first send or resend). */
export const TeamInviteSent = /* @__PURE__ */ defineEvent('TeamInviteSent', () =>
  z.object({ invite_id: generatedId(), to: inviteeEmail() }),
);

/** The mail adapter refused the invitation e-mail: the invite stays pending and can be resent. */
export const TeamInviteSendFailed = /* @__PURE__ */ defineEvent('TeamInviteSendFailed', () =>
  z.object({
    invite_id: generatedId(),
    reason: plain(z.string().check(z.maxLength(500)), "The mail service's refusal"),
  }),
);

/**
 * A resend issues a new token (only its hash is kept, so the old link cannot be mailed again) and
 * a new expiry; the previous link stops working.
 */
export const TeamInviteResent = /* @__PURE__ */ defineEvent('TeamInviteResent', () =>
  z.object({ invite_id: generatedId(), token_hash: sha256Hex(), expires_at: instant() }),
);

export const TeamInviteRevoked = /* @__PURE__ */ defineEvent('TeamInviteRevoked', () =>
  z.object({ invite_id: generatedId() }),
);

export const TeamInviteAccepted = /* @__PURE__ */ defineEvent('TeamInviteAccepted', () =>
  z.object({ invite_id: generatedId(), user_id: accountId() }),
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
