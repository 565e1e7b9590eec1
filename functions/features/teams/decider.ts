import {
  INVITE_ROLES,
  TeamCreated,
  TeamInviteAccepted,
  TeamInviteCreated,
  TeamInviteResent,
  TeamInviteRevoked,
  TeamInviteSendFailed,
  TeamInviteSent,
  TeamMemberJoined,
  TeamMemberRemoved,
  TeamMemberRoleChanged,
  type InviteRole,
  type TeamRole,
} from './events.js';
import type { NewEvent } from '../../../events/envelope.js';
import { canonicalEmail } from '../../../shared/email.js';
import type { Decider, DecisionContext } from '../../platform/decider.js';
import { DomainError, conflict, forbidden, invalid, limitReached, notFound } from '../../platform/domain-errors.js';
import {
  INVALID_INVITE_MESSAGE,
  isTeamAdmin,
  isUsable,
  evolveTeam,
  seatsTaken,
  TEAM_SEATS_MAX,
  initialTeamState,
  type TeamInvite,
  type TeamMember,
  type TeamState,
} from './state.js';

/** The state and its fold live in state.ts; they are named here too for the command side. */
export { INVALID_INVITE_MESSAGE, teamEvolution, teamStream } from './state.js';
export type { TeamInvite, TeamState } from './state.js';

/** Spec/2 §9: an invitation is valid for 7 days. */
export const INVITE_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
export const inviteExpiry = (now: string) => new Date(Date.parse(now) + INVITE_TTL_DAYS * DAY_MS).toISOString();

export const invalidInvite = () => new DomainError('GONE', INVALID_INVITE_MESSAGE);
export const NOT_TEAM_ADMIN_MESSAGE = 'Only team admins can manage the team.';
export const ONLY_DESIGNER_MESSAGE = 'Currently, only Designer role is available for new team members.';
export const TEAM_FULL_MESSAGE =
  `A team has at most ${TEAM_SEATS_MAX} members and pending invitations: remove a ` +
  `member or revoke an invitation first.`;

export type TeamCommand =
  | { type: 'CreateTeam'; team_id: string; name: string; user_id: string; email: string }
  | { type: 'ChangeMemberRole'; user_id: string; role: TeamRole }
  | { type: 'RemoveMember'; user_id: string }
  | {
      type: 'CreateInvite';
      invite_id: string;
      email: string;
      role: string;
      token_hash: string;
      inviter_name: string | null;
    }
  | { type: 'RecordInviteSent'; invite_id: string }
  | { type: 'RecordInviteSendFailed'; invite_id: string; reason: string }
  | { type: 'ResendInvite'; invite_id: string; token_hash: string }
  | { type: 'RevokeInvite'; invite_id: string }
  | { type: 'AcceptInvite'; token_hash: string; user_id: string; email: string }
  /**
   * The account `user_id` is being erased (the erasure reactor, not a team admin): its membership ends,
   * the invitations it sent and still pending are revoked, and when it was the team's last admin the
   * longest-standing other member becomes admin, so the team is never left without one.
   */
  | { type: 'RemoveErasedMember'; user_id: string };

function requireTeam(state: TeamState): void {
  if (!state.exists) throw notFound('Team not found');
}

/** Team-admin commands: the caller must be an active admin of this very team. */
function requireTeamAdmin(state: TeamState, context: DecisionContext): void {
  requireTeam(state);
  if (!isTeamAdmin(state, context.actor.sub)) throw forbidden(NOT_TEAM_ADMIN_MESSAGE);
}

function requireInvite(state: TeamState, inviteId: string): TeamInvite {
  const invite = state.invites.find((candidate) => candidate.id === inviteId);
  if (!invite) throw notFound('Invitation not found');
  return invite;
}

function requireOtherMember(state: TeamState, userId: string, context: DecisionContext, action: string): TeamMember {
  if (userId === context.actor.sub) throw forbidden(`You cannot ${action} yourself.`);
  const member = state.members.find((candidate) => candidate.user_id === userId);
  if (!member) throw notFound('Member not found');
  return member;
}

function decideInvite(
  command: Extract<TeamCommand, { type: 'CreateInvite' }>,
  state: TeamState,
  context: DecisionContext,
): NewEvent[] {
  requireTeamAdmin(state, context);
  if (!(INVITE_ROLES as readonly string[]).includes(command.role)) throw invalid(ONLY_DESIGNER_MESSAGE);
  const email = canonicalEmail(command.email);
  if (state.members.some((member) => member.email === email))
    throw conflict(`${email} is already a member of this team.`);
  const pending = state.invites.find((invite) => invite.invited_email === email && isUsable(invite, context.now));
  if (pending) throw conflict(`An invitation to ${email} is already pending. Resend it instead.`);
  if (seatsTaken(state, context.now) >= TEAM_SEATS_MAX) throw limitReached(TEAM_FULL_MESSAGE);
  return [
    TeamInviteCreated.create({
      invite_id: command.invite_id,
      invited_email: email,
      invited_role: command.role as InviteRole,
      invited_by: context.actor.sub,
      inviter_name: command.inviter_name,
      token_hash: command.token_hash,
      expires_at: inviteExpiry(context.now),
    }),
  ];
}

function decideAccept(
  command: Extract<TeamCommand, { type: 'AcceptInvite' }>,
  state: TeamState,
  context: DecisionContext,
): NewEvent[] {
  const invite = state.invites.find((candidate) => candidate.token_hash === command.token_hash);
  if (!state.exists || !invite || !isUsable(invite, context.now)) throw invalidInvite();
  const email = canonicalEmail(command.email);
  if (invite.invited_email !== email) {
    throw forbidden(
      `This invitation was sent to ${invite.invited_email}. Sign in with that e-mail address to accept it.`,
    );
  }
  const events: NewEvent[] = [TeamInviteAccepted.create({ invite_id: invite.id, user_id: command.user_id })];
  if (!state.members.some((member) => member.user_id === command.user_id)) {
    events.push(
      TeamMemberJoined.create({ user_id: command.user_id, email, role: invite.invited_role, invite_id: invite.id }),
    );
  }
  return events;
}

function decideErasedMember(userId: string, state: TeamState): NewEvent[] {
  if (!state.exists) return [];
  const events: NewEvent[] = state.invites
    .filter((invite) => invite.status === 'pending' && invite.invited_by === userId)
    .map((invite) => TeamInviteRevoked.create({ invite_id: invite.id }));
  const member = state.members.find((candidate) => candidate.user_id === userId);
  if (!member) return events;
  events.push(TeamMemberRemoved.create({ user_id: member.user_id, email: member.email }));
  const others = state.members.filter((other) => other.user_id !== userId && other.status === 'active');
  if (member.role === 'admin' && others.length > 0 && !others.some((other) => other.role === 'admin')) {
    const successor = [...others].sort((a, b) => a.created_at.localeCompare(b.created_at))[0]!;
    events.push(TeamMemberRoleChanged.create({ user_id: successor.user_id, from: successor.role, to: 'admin' }));
  }
  return events;
}

export const teamDecider: Decider<TeamCommand, TeamState> = {
  // The functions themselves, not the Evolution's properties: the bundler can then drop an unused decider.
  initialState: initialTeamState,
  evolve: evolveTeam,
  decide(command, state, context) {
    switch (command.type) {
      case 'CreateTeam': {
        if (state.exists) throw conflict('This team already exists.');
        const name = command.name.trim();
        if (!name) throw invalid('Please enter a team name.');
        if (name.length > 100) throw invalid('A team name can have at most 100 characters.');
        return [
          TeamCreated.create({ team_id: command.team_id, name, created_by: command.user_id }),
          TeamMemberJoined.create({ user_id: command.user_id, email: command.email, role: 'admin', invite_id: null }),
        ];
      }
      case 'ChangeMemberRole': {
        requireTeamAdmin(state, context);
        const member = requireOtherMember(state, command.user_id, context, 'change the role of');
        if (member.status !== 'active') throw conflict('Only active members can have their role changed.');
        if (member.role === command.role) return [];
        return [TeamMemberRoleChanged.create({ user_id: member.user_id, from: member.role, to: command.role })];
      }
      case 'RemoveMember': {
        requireTeamAdmin(state, context);
        const member = requireOtherMember(state, command.user_id, context, 'remove');
        return [TeamMemberRemoved.create({ user_id: member.user_id, email: member.email })];
      }
      case 'CreateInvite':
        return decideInvite(command, state, context);
      case 'RecordInviteSent': {
        requireTeamAdmin(state, context);
        const invite = requireInvite(state, command.invite_id);
        return [TeamInviteSent.create({ invite_id: invite.id, to: invite.invited_email })];
      }
      case 'RecordInviteSendFailed': {
        requireTeamAdmin(state, context);
        const invite = requireInvite(state, command.invite_id);
        return [TeamInviteSendFailed.create({ invite_id: invite.id, reason: command.reason.slice(0, 500) })];
      }
      case 'ResendInvite': {
        requireTeamAdmin(state, context);
        const invite = requireInvite(state, command.invite_id);
        if (invite.status !== 'pending')
          throw conflict(`This invitation has been ${invite.status} and cannot be resent.`);
        return [
          TeamInviteResent.create({
            invite_id: invite.id,
            token_hash: command.token_hash,
            expires_at: inviteExpiry(context.now),
          }),
        ];
      }
      case 'RevokeInvite': {
        requireTeamAdmin(state, context);
        const invite = requireInvite(state, command.invite_id);
        if (invite.status === 'revoked') return [];
        if (invite.status === 'accepted') throw conflict('This invitation has already been accepted.');
        return [TeamInviteRevoked.create({ invite_id: invite.id })];
      }
      case 'AcceptInvite':
        return decideAccept(command, state, context);
      case 'RemoveErasedMember':
        return decideErasedMember(command.user_id, state);
    }
  },
};
