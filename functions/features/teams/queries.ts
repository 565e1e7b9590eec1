import { inviteTokenKey, membershipPartition, teamKey, type MembershipItem, type TeamDocument } from './keys.js';
import type { Runtime } from '../../platform/runtime.js';

export type { MembershipItem, TeamDocument } from './keys.js';

/** A team's document (name, members, invitations without token hashes), or null. */
export async function getTeam(runtime: Runtime, teamId: string): Promise<TeamDocument | null> {
  const { active } = await runtime.views.generations();
  const item = await runtime.views.get(active, teamKey(teamId).pk, teamKey(teamId).sk);
  return item && !item.deleted ? (JSON.parse(item.doc as string) as TeamDocument) : null;
}

/**
 * The team a user belongs to, with their team role, or null. A user belongs to one team at a time
 * (joining or creating another is refused); should the read side ever show two, the latest wins.
 */
export async function membershipOf(runtime: Runtime, userId: string): Promise<MembershipItem | null> {
  const { active } = await runtime.views.generations();
  const items = await runtime.views.query(active, { pk: membershipPartition(userId) });
  const memberships = items.map((item) => ({
    team_id: item.team_id as string,
    team_name: item.team_name as string,
    role: item.role as MembershipItem['role'],
    status: item.status as MembershipItem['status'],
    joined_at: item.joined_at as string,
  }));
  memberships.sort((a, b) => (a.joined_at < b.joined_at ? 1 : a.joined_at > b.joined_at ? -1 : 0));
  return memberships[0] ?? null;
}

/** The invitation whose current token has this sha256, as { team_id, invite_id }, or null. */
export async function inviteByTokenHash(runtime: Runtime, tokenHash: string): Promise<{ team_id: string; invite_id: string } | null> {
  const { active } = await runtime.views.generations();
  const key = inviteTokenKey(tokenHash);
  const item = await runtime.views.get(active, key.pk, key.sk);
  if (!item || item.deleted) return null;
  return { team_id: item.team_id as string, invite_id: item.invite_id as string };
}
