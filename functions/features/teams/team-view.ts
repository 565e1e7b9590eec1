import { profilesOf } from '../users/queries.js';
import { isExpired, type TeamInvite, type TeamState } from './state.js';
import type { TeamDocument } from './keys.js';
import type { Runtime } from '../../platform/runtime.js';
import type { TeamInviteView, TeamResponse } from './contracts.js';

/* What a member sees of their team: read by GET /api/team and answered by the team's commands. */

export function inviteView(invite: Omit<TeamInvite, 'token_hash'>, now: string): TeamInviteView {
  return {
    id: invite.id,
    invited_email: invite.invited_email,
    invited_role: invite.invited_role,
    inviter_name: invite.inviter_name,
    status: invite.status,
    expires_at: invite.expires_at,
    expired: isExpired(invite, now),
    created_at: invite.created_at,
    sent_at: invite.sent_at,
    send_error: invite.send_error,
  };
}

/**
 * What the caller sees of a team: members (oldest first) with their names from the users
 * projection, and, for team admins only, the pending invitations (newest first).
 */
export async function teamView(
  runtime: Runtime,
  team: TeamState | TeamDocument | null,
  callerId: string,
): Promise<TeamResponse> {
  if (!team?.exists || !team.id) return { team: null, role: null, members: [], invites: [] };
  const me = team.members.find((member) => member.user_id === callerId && member.status === 'active');
  if (!me) return { team: null, role: null, members: [], invites: [] };
  const people = await profilesOf(
    runtime,
    team.members.map((member) => member.user_id),
  );
  const now = runtime.now().toISOString();
  const members = [...team.members]
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
    .map((member) => ({
      user_id: member.user_id,
      full_name: people.get(member.user_id)?.full_name ?? null,
      email: people.get(member.user_id)?.email ?? member.email,
      role: member.role,
      status: member.status,
      created_at: member.created_at,
      is_self: member.user_id === callerId,
    }));
  const invites =
    me.role === 'admin'
      ? team.invites
          .filter((invite) => invite.status === 'pending')
          .sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0))
          .map((invite) => inviteView(invite, now))
      : [];
  return { team: { id: team.id, name: team.name, created_at: team.created_at }, role: me.role, members, invites };
}
