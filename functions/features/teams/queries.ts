import { inviteTokenKey, membershipPartition, teamKey, type MembershipItem, type TeamDocument } from './keys.js';
import type { Runtime } from '../../platform/runtime.js';
import { canonicalEmail } from '../../../shared/email.js';
import {
  INVALID_INVITE_MESSAGE,
  isUsable,
  teamEvolution,
  teamStream,
  type TeamInvite,
  type TeamState,
} from './state.js';
import { loadState } from '../../platform/event-store/load-state.js';
import { HttpError } from '../../platform/errors.js';
import type { EventReading } from '../../platform/runtime.js';
import { hashInviteToken, looksLikeInviteToken } from '../../platform/invite-tokens.js';

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
export async function inviteByTokenHash(
  runtime: Runtime,
  tokenHash: string,
): Promise<{ team_id: string; invite_id: string } | null> {
  const { active } = await runtime.views.generations();
  const key = inviteTokenKey(tokenHash);
  const item = await runtime.views.get(active, key.pk, key.sk);
  if (!item || item.deleted) return null;
  return { team_id: item.team_id as string, invite_id: item.invite_id as string };
}

export const invalidInvitation = (status = 410) =>
  new HttpError(status, status === 404 ? 'NOT_FOUND' : 'GONE', INVALID_INVITE_MESSAGE);

/**
 * Finds an invitation by its token: the read side's lookup item (by the token's sha256) names the
 * team, and the team's own stream decides. Unknown tokens answer 404, expired, revoked or used ones
 * 410; both with the spec's 'Invalid or expired invitation'.
 */
export async function findInvitation(
  runtime: EventReading,
  token: string,
): Promise<{ hash: string; team: TeamState; invite: TeamInvite }> {
  if (!looksLikeInviteToken(token)) throw invalidInvitation(404);
  const hash = hashInviteToken(token);
  const lookup = await inviteByTokenHash(runtime, hash);
  if (!lookup) throw invalidInvitation(404);
  const { state: team } = await loadState(teamEvolution, teamStream(lookup.team_id), runtime);
  const invite = team.invites.find((candidate) => candidate.token_hash === hash);
  if (!team.exists || !invite) throw invalidInvitation(404);
  if (!isUsable(invite, runtime.now().toISOString())) throw invalidInvitation(410);
  return { hash, team, invite };
}

/**
 * Whether `token` is a working team invitation sent to `email`: following its link to sign up
 * proves that address (only its mailbox received the token), so the account starts verified.
 */
export async function invitationProves(runtime: EventReading, token: unknown, email: string): Promise<boolean> {
  if (typeof token !== 'string' || !email) return false;
  try {
    const { invite } = await findInvitation(runtime, token);
    return canonicalEmail(invite.invited_email) === canonicalEmail(email);
  } catch (error) {
    if (error instanceof HttpError) return false;
    throw error;
  }
}
