import { NOT_TEAM_ADMIN_MESSAGE, teamDecider, teamStream, type TeamCommand, type TeamInvite } from './decider.js';
import { teamView } from './team-view.js';
import { actorOf, type Principal } from '../../platform/http/auth.js';
import { runCommand } from '../../platform/event-store/command.js';
import type { CommitMeta } from '../../platform/event-store/event-store.js';
import { HttpError } from '../../platform/errors.js';
import { signedIn, type HttpRequest } from '../../platform/http/middleware.js';
import { log } from '../../platform/log.js';
import { mailer } from '../../platform/mail/index.js';
import { membershipOf } from './queries.js';
import type { Runtime } from '../../platform/runtime.js';
import { appending } from '../../app/runtime.js';
import type { TeamResponse } from './contracts.js';

/*
 * What the team's handlers share: the commit's metadata, the caller's team, running a team command and
 * answering with the team's view.
 */

export function commandMeta(request: HttpRequest<unknown, unknown, unknown>, principal: Principal): CommitMeta {
  return { actor: actorOf(principal), actorEmail: principal.email, correlationId: request.correlationId || undefined };
}

/** The caller's team id; a caller in no team is no team admin either. */
export async function callerTeamId(runtime: Runtime, principal: Principal): Promise<string> {
  const membership = await membershipOf(runtime, principal.sub);
  if (!membership) throw new HttpError(403, 'FORBIDDEN', NOT_TEAM_ADMIN_MESSAGE);
  return membership.team_id;
}

/** What the caller sees of their team is read-side (team-view.ts); the command handlers answer with it too. */
export { inviteView, teamView } from './team-view.js';

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
        `<p>${escapeHtml(inviter)} invited you to collaborate in the team <strong>${escapeHtml(teamName)}</strong> ` +
          `on Design Club, as a Designer.</p>`,
        `<p><a href="${escapeHtml(link)}">Accept the invitation</a></p>`,
        `<p>The invitation expires on ${escapeHtml(expires)}. If you did not expect it, you can ignore this ` +
          `e-mail.</p>`,
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

/**
 * A command on the caller's own team (its decider checks they are its admin), answered with the team as they see it.
 */
export async function onCallersTeam(
  request: HttpRequest<unknown, unknown, unknown>,
  command: TeamCommand,
): Promise<{ body: TeamResponse }> {
  const principal = signedIn(request);
  const runtime = appending();
  const teamId = await callerTeamId(runtime, principal);
  const result = await runCommand(teamDecider, teamStream(teamId), command, commandMeta(request, principal), runtime);
  return { body: await teamView(runtime, result.state, principal.sub) };
}
