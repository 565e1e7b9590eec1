import type { TeamInvite, TeamState } from './state.js';

/** The teams projection's view keys and item types, apart from the projection so readers bundle no decider. */
export const teamKey = (id: string) => ({ pk: `team#${id}`, sk: 'doc' });
export const membershipPartition = (userId: string) => `membership#${userId}`;
export const membershipKey = (userId: string, teamId: string) => ({
  pk: membershipPartition(userId),
  sk: `team#${teamId}`,
});
export const inviteTokenKey = (tokenHash: string) => ({ pk: `invite-token#${tokenHash}`, sk: 'invite' });

/** The team as readers get it: invitations without their token hashes. */
export type TeamDocument = Omit<TeamState, 'invites'> & { invites: Omit<TeamInvite, 'token_hash'>[] };

/** A user's membership of a team, kept beside the user (GET /api/me, getUser's team_id, project lists). */
export interface MembershipItem {
  team_id: string;
  team_name: string;
  role: TeamState['members'][number]['role'];
  status: TeamState['members'][number]['status'];
  joined_at: string;
}
