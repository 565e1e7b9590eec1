import type { OneOf } from '../../../events/catalogue.js';
import type { InviteRole, TeamEvent, TeamRole } from './events.js';
import type { Evolution, EvolvingEvent } from '../../platform/decider.js';

/*
 * A team as folded from its stream: what the decider decides on and what the read model keeps,
 * apart from the decider so that reads carry none of the command rules.
 */

export const teamStream = (id: string) => `team-${id}`;

/** The spec's one message for an unknown, expired, revoked or already used invitation (docs/product.md#messages). */
export const INVALID_INVITE_MESSAGE = 'Invalid or expired invitation';

export interface TeamMember {
  user_id: string;
  email: string;
  role: TeamRole;
  status: 'active' | 'inactive';
  invited_email: string | null;
  created_at: string;
}

export type InviteStatus = 'pending' | 'revoked' | 'accepted';

export interface TeamInvite {
  id: string;
  invited_email: string;
  invited_role: InviteRole;
  invited_by: string;
  inviter_name: string | null;
  token_hash: string;
  expires_at: string;
  status: InviteStatus;
  created_at: string;
  /** When the e-mail last went out; null until it has. */
  sent_at: string | null;
  send_count: number;
  /** Why the last attempt to e-mail it failed; cleared by a successful send. */
  send_error: string | null;
  accepted_by: string | null;
  accepted_at: string | null;
}

export interface TeamState {
  exists: boolean;
  id: string | null;
  name: string;
  created_by: string | null;
  created_at: string | null;
  members: TeamMember[];
  invites: TeamInvite[];
}

export const isExpired = (invite: Pick<TeamInvite, 'expires_at'>, now: string) =>
  Date.parse(now) >= Date.parse(invite.expires_at);

/** An invitation that can still be accepted: pending and not expired. */
export const isUsable = (invite: TeamInvite, now: string) => invite.status === 'pending' && !isExpired(invite, now);

export const activeMember = (state: TeamState, userId: string) =>
  state.members.find((member) => member.user_id === userId && member.status === 'active');

export const isTeamAdmin = (state: TeamState, userId: string) => activeMember(state, userId)?.role === 'admin';

/**
 * A client's team (stream `team-<id>`): its members with their team roles, and its invitations.
 * Team admins manage members and invitations; nobody changes or removes themselves; invitations
 * are for Designers only, expire after 7 days and are refused once revoked or used.
 */
export const initialTeamState = (): TeamState => ({
  exists: false,
  id: null,
  name: '',
  created_by: null,
  created_at: null,
  members: [],
  invites: [],
});

/**
 * Settled invitations (accepted, revoked or expired) a team keeps: the newest, for its history. The
 * team's document and checkpoint hold every invitation they keep, so older settled ones are dropped
 * when a new one is made; the pending ones are bounded by the invitation quota (20 a day, each
 * usable 7 days). Bound of the team document: docs/security.md#stored-item-bounds.
 */
export const SETTLED_INVITES_KEPT = 50;

/**
 * Seats of one team: its members and the invitations that can still be accepted (each may become a
 * member, so an invitation is made only with a seat for it). The team's document and checkpoint hold
 * every member, so the seats bound it: at this cap and every other (140 pending invitations, 50
 * settled, the longest addresses and names) it stays under 350 KB (decider.test.ts). The spec shows no
 * seat limit ('Coming Soon', docs/product.md); this one is far above a studio's client team.
 */
export const TEAM_SEATS_MAX = 250;

export const seatsTaken = (state: TeamState, now: string) =>
  state.members.length + state.invites.filter((invite) => isUsable(invite, now)).length;

/** `invites` without the oldest settled ones past SETTLED_INVITES_KEPT (in creation order, oldest first). */
function keepRecentSettled(invites: TeamInvite[], now: string): TeamInvite[] {
  const settled = invites.filter((invite) => !isUsable(invite, now));
  const excess = settled.length - SETTLED_INVITES_KEPT;
  if (excess <= 0) return invites;
  const dropped = new Set(settled.slice(0, excess).map((invite) => invite.id));
  return invites.filter((invite) => !dropped.has(invite.id));
}

export function evolveTeam(state: TeamState, event: EvolvingEvent): TeamState {
  const e = event as OneOf<TeamEvent, EvolvingEvent>;
  const updateInvite = (id: string, change: (invite: TeamInvite) => TeamInvite): TeamState => ({
    ...state,
    invites: state.invites.map((invite) => (invite.id === id ? change(invite) : invite)),
  });
  switch (e.type) {
    case 'TeamCreated':
      return {
        ...state,
        exists: true,
        id: e.data.team_id,
        name: e.data.name,
        created_by: e.data.created_by,
        created_at: event.at,
      };
    case 'TeamMemberJoined': {
      const invite = e.data.invite_id
        ? state.invites.find((candidate) => candidate.id === e.data.invite_id)
        : undefined;
      const member: TeamMember = {
        user_id: e.data.user_id,
        email: e.data.email,
        role: e.data.role,
        status: 'active',
        invited_email: invite?.invited_email ?? null,
        created_at: event.at,
      };
      return { ...state, members: [...state.members.filter((m) => m.user_id !== member.user_id), member] };
    }
    case 'TeamMemberRoleChanged':
      return {
        ...state,
        members: state.members.map((m) => (m.user_id === e.data.user_id ? { ...m, role: e.data.to } : m)),
      };
    case 'TeamMemberRemoved':
      return { ...state, members: state.members.filter((m) => m.user_id !== e.data.user_id) };
    case 'TeamInviteCreated':
      return {
        ...state,
        invites: [
          ...keepRecentSettled(state.invites, event.at),
          {
            id: e.data.invite_id,
            invited_email: e.data.invited_email,
            invited_role: e.data.invited_role,
            invited_by: e.data.invited_by,
            inviter_name: e.data.inviter_name ?? null,
            token_hash: e.data.token_hash,
            expires_at: e.data.expires_at,
            status: 'pending',
            created_at: event.at,
            sent_at: null,
            send_count: 0,
            send_error: null,
            accepted_by: null,
            accepted_at: null,
          },
        ],
      };
    case 'TeamInviteSent':
      return updateInvite(e.data.invite_id, (invite) => ({
        ...invite,
        sent_at: event.at,
        send_count: invite.send_count + 1,
        send_error: null,
      }));
    case 'TeamInviteSendFailed':
      return updateInvite(e.data.invite_id, (invite) => ({ ...invite, send_error: e.data.reason }));
    case 'TeamInviteResent':
      return updateInvite(e.data.invite_id, (invite) => ({
        ...invite,
        token_hash: e.data.token_hash,
        expires_at: e.data.expires_at,
      }));
    case 'TeamInviteRevoked':
      return updateInvite(e.data.invite_id, (invite) => ({ ...invite, status: 'revoked' }));
    case 'TeamInviteAccepted':
      return updateInvite(e.data.invite_id, (invite) => ({
        ...invite,
        status: 'accepted',
        accepted_by: e.data.user_id,
        accepted_at: event.at,
      }));
    default:
      return state;
  }
}

/** Folds a stream's events without the decider's rules (decider.ts: Evolution). */
export const teamEvolution: Evolution<TeamState> = { initialState: initialTeamState, evolve: evolveTeam };
