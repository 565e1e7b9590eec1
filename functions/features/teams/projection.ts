import { teamEvolution, type TeamState } from './state.js';
import type { Projection } from '../../platform/views/projection.js';
import type { ViewItem } from '../../platform/views/views.js';
import { inviteTokenKey, membershipKey, teamKey, type MembershipItem, type TeamDocument } from './keys.js';

export { inviteTokenKey, membershipKey, teamKey };

/**
 * Per team:
 * - the document (name, members, invitations without token hashes);
 * - one membership item per member under the member's user id (a user's team, by user);
 * - one lookup item per invitation under the sha256 of its current token (the accept and details
 *   routes find the team by it; a resend replaces it, so the old link finds nothing).
 */
export const teamsProjection: Projection<TeamState> = {
  name: 'teams',
  streamPrefix: 'team-',
  ...teamEvolution,

  items(state) {
    if (!state.exists || !state.id) return [];
    const teamId = state.id;
    const document: TeamDocument = {
      ...state,
      invites: state.invites.map(({ token_hash: _hash, ...invite }) => invite),
    };
    const items: ViewItem[] = [{ ...teamKey(teamId), doc: JSON.stringify(document) }];
    for (const member of state.members) {
      const membership: MembershipItem = {
        team_id: teamId,
        team_name: state.name,
        role: member.role,
        status: member.status,
        joined_at: member.created_at,
      };
      items.push({ ...membershipKey(member.user_id, teamId), ...membership });
    }
    for (const invite of state.invites) {
      items.push({ ...inviteTokenKey(invite.token_hash), team_id: teamId, invite_id: invite.id });
    }
    return items;
  },
};
