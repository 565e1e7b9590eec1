import { teamDecider, teamStream, type TeamCommand } from '../decider.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { newId } from '../../../platform/ids.js';
import { getUser } from '../../users/queries.js';
import { consumeQuota } from '../../../platform/quotas.js';
import { appending } from '../../../app/runtime.js';
import { provenEmailOf } from '../../../platform/http/email-proof.js';
import { createInviteBody, type InviteResponse } from '../contracts.js';
import { callerTeamId, commandMeta, inviteView, teamView } from '../handler-support.js';
import { newInviteToken } from '../../../platform/invite-tokens.js';
import { decideNow, deliverInvite } from '../invite-delivery.js';

export const INVITE_FAILED_MESSAGE = 'Invite created but email failed to send. Please try resending.';

/**
 * POST /api/team/invites (send-invite): a team admin invites an e-mail address as a Designer. The
 * invitation (with the sha256 of a random token, valid 7 days) is recorded first, then e-mailed
 * with the token in its link; a failed e-mail leaves a pending invitation to resend.
 */
export const handler = httpHandler({ body: createInviteBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const teamId = await callerTeamId(runtime, principal);
  const inviter = await getUser(runtime, principal.sub);
  const { token, hash } = newInviteToken();
  const inviteId = newId();
  const command: TeamCommand = {
    type: 'CreateInvite',
    invite_id: inviteId,
    email: request.body.email,
    role: request.body.role,
    token_hash: hash,
    inviter_name: inviter?.full_name || principal.name || principal.email || null,
  };
  const meta = commandMeta(request, principal);
  // Refusals first (not a team admin, already invited), so they spend no quota.
  await decideNow(runtime, teamId, command, meta);
  // An invitation goes out in the name of an address its sender has proven.
  await provenEmailOf(principal);
  // Every invitation is an e-mail to an address nobody proved yet: counted per team.
  await consumeQuota(runtime, 'teamInvites', teamId);
  const created = await runCommand(teamDecider, teamStream(teamId), command, meta, runtime);
  const { state, sent } = await deliverInvite(runtime, request, principal, created.state, inviteId, token);
  const invite = state.invites.find((candidate) => candidate.id === inviteId)!;
  const body: InviteResponse = {
    ...(await teamView(runtime, state, principal.sub)),
    invite: inviteView(invite, runtime.now().toISOString()),
    email_sent: sent,
    message: sent ? `Invite sent successfully to ${invite.invited_email}` : INVITE_FAILED_MESSAGE,
  };
  return { status: 201, body };
});
