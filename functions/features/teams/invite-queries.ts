import { canonicalEmail } from '../../../shared/email.js';
import { INVALID_INVITE_MESSAGE, isUsable, teamEvolution, teamStream, type TeamInvite, type TeamState } from './state.js';
import { loadState } from '../../platform/event-store/load-state.js';
import { HttpError } from '../../platform/errors.js';
import { inviteByTokenHash } from './queries.js';
import type { EventReading } from '../../platform/runtime.js';
import { hashInviteToken, looksLikeInviteToken } from '../../platform/invite-tokens.js';

export const invalidInvitation = (status = 410) => new HttpError(status, status === 404 ? 'NOT_FOUND' : 'GONE', INVALID_INVITE_MESSAGE);

/**
 * Finds an invitation by its token: the read side's lookup item (by the token's sha256) names the
 * team, and the team's own stream decides. Unknown tokens answer 404, expired, revoked or used ones
 * 410; both with the spec's 'Invalid or expired invitation'.
 */
export async function findInvitation(runtime: EventReading, token: string): Promise<{ hash: string; team: TeamState; invite: TeamInvite }> {
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
