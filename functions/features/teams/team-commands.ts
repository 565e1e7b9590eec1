import { userKey } from '../users/keys.js';
import type { TeamDocument } from './projection.js';
import { NOT_TEAM_ADMIN_MESSAGE, isExpired, teamDecider, teamStream, type TeamCommand, type TeamInvite, type TeamState } from './decider.js';
import { actorOf, type Principal } from '../../platform/http/auth.js';
import { runCommand } from '../../platform/event-store/command.js';
import type { CommitMeta } from '../../platform/event-store/event-store.js';
import { HttpError } from '../../platform/errors.js';
import { signedIn, type HttpRequest } from '../../platform/http/middleware.js';
import { log } from '../../platform/log.js';
import { mailer } from '../../platform/mail/index.js';
import { membershipOf } from './queries.js';
import type { UserDoc } from '../users/queries.js';
import { getRuntime, type Runtime } from '../../platform/runtime.js';
import type { TeamInviteView, TeamResponse } from './contracts.js';

/** Invitation tokens are the platform's (designer invitations use them too); the team's handlers take them from here. */
export { hashInviteToken, looksLikeInviteToken, newInviteToken } from '../../platform/invite-tokens.js';

export function commandMeta(request: HttpRequest<unknown, unknown, unknown>, principal: Principal): CommitMeta {
  return { actor: actorOf(principal), actorEmail: principal.email, correlationId: request.correlationId || undefined };
}

/** The caller's team id; a caller in no team is no team admin either. */
export async function callerTeamId(runtime: Runtime, principal: Principal): Promise<string> {
  const membership = await membershipOf(runtime, principal.sub);
  if (!membership) throw new HttpError(403, 'FORBIDDEN', NOT_TEAM_ADMIN_MESSAGE);
  return membership.team_id;
}

async function profiles(runtime: Runtime, ids: string[]): Promise<Map<string, UserDoc>> {
  if (ids.length === 0) return new Map();
  const { active } = await runtime.views.generations();
  const items = await runtime.views.batchGet(active, ids.map(userKey));
  return new Map(
    items.map((item) => {
      const user = JSON.parse(item.doc as string) as UserDoc;
      return [user.user_id, user];
    }),
  );
}

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
export async function teamView(runtime: Runtime, team: TeamState | TeamDocument | null, callerId: string): Promise<TeamResponse> {
  if (!team || !team.exists || !team.id) return { team: null, role: null, members: [], invites: [] };
  const me = team.members.find((member) => member.user_id === callerId && member.status === 'active');
  if (!me) return { team: null, role: null, members: [], invites: [] };
  const people = await profiles(runtime, team.members.map((member) => member.user_id));
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

export const inviteLink = (token: string) => {
  const site = (process.env.SITE_URL ?? '').replace(/\/+$/, '');
  return `${site}/accept-invite?token=${encodeURIComponent(token)}`;
};

/**
 * E-mails an invitation through the mail adapter (SES in the cloud, the local outbox in the
 * embedded runtime). Answers the failure's reason instead of throwing: the invitation stands and
 * can be resent.
 */
export async function mailInvite(
  invite: Pick<TeamInvite, 'invited_email' | 'inviter_name' | 'expires_at'>,
  teamName: string,
  token: string,
): Promise<{ sent: true } | { sent: false; reason: string }> {
  const link = inviteLink(token);
  const inviter = invite.inviter_name || 'A team admin';
  const expires = new Date(invite.expires_at).toUTCString();
  try {
    await mailer().send({
      to: invite.invited_email,
      subject: `${inviter} invited you to join ${teamName} on Design Club`,
      text: [
        `${inviter} invited you to collaborate in the team "${teamName}" on Design Club, as a Designer.`,
        '',
        'Accept the invitation (and create your account if you have none yet):',
        link,
        '',
        `The invitation expires on ${expires}. If you did not expect it, you can ignore this e-mail.`,
      ].join('\n'),
      html: [
        `<p>${escapeHtml(inviter)} invited you to collaborate in the team <strong>${escapeHtml(teamName)}</strong> on Design Club, as a Designer.</p>`,
        `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
        `<p>The invitation expires on ${escapeHtml(expires)}. If you did not expect it, you can ignore this e-mail.</p>`,
      ].join(''),
      tag: 'team-invite',
    });
    return { sent: true };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warn('Invitation e-mail failed', { to: invite.invited_email, reason });
    return { sent: false, reason };
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A command on the caller's own team (its decider checks they are its admin), answered with the team as they see it. */
export async function onCallersTeam(request: HttpRequest<unknown, unknown, unknown>, command: TeamCommand): Promise<{ body: TeamResponse }> {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const teamId = await callerTeamId(runtime, principal);
  const result = await runCommand(teamDecider, teamStream(teamId), command, commandMeta(request, principal), runtime);
  return { body: await teamView(runtime, result.state, principal.sub) };
}
