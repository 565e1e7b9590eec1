import { teamDecider, teamStream } from '../decider.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { consumeQuotas } from '../../../platform/quotas.js';
import { appending } from '../../../app/runtime.js';
import { provenEmailOf } from '../../../platform/http/email-proof.js';
import { inviteParams, type InviteResponse } from '../contracts.js';
import { callerTeamId, commandMeta, inviteView, teamView } from '../handler-support.js';
import { newInviteToken } from '../../../platform/invite-tokens.js';
import { decideNow, deliverInvite } from '../invite-delivery.js';

/**
 * POST /api/team/invites/{id}/resend: a pending invitation gets a new token and a new 7-day expiry
 * and is e-mailed again (only the token's hash is stored, so the first link cannot be re-sent; it
 * stops working). A failed e-mail answers 502 'Failed to resend invitation'.
 */
export const handler = httpHandler({ params: inviteParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const teamId = await callerTeamId(runtime, principal);
  const { token, hash } = newInviteToken();
  const command = { type: 'ResendInvite', invite_id: request.params.id, token_hash: hash } as const;
  const meta = commandMeta(request, principal);
  await decideNow(runtime, teamId, command, meta);
  await provenEmailOf(principal);
  // Counted per invitation (a few resends a day) and with the team's other invitation e-mails.
  await consumeQuotas(runtime, ['inviteResends', `team:${request.params.id}`], ['teamInvites', teamId]);
  const resent = await runCommand(teamDecider, teamStream(teamId), command, meta, runtime);
  const { state, sent } = await deliverInvite(runtime, request, principal, resent.state, request.params.id, token);
  if (!sent) throw new HttpError(502, 'MAIL_FAILED', 'Failed to resend invitation');
  const invite = state.invites.find((candidate) => candidate.id === request.params.id)!;
  const body: InviteResponse = {
    ...(await teamView(runtime, state, principal.sub)),
    invite: inviteView(invite, runtime.now().toISOString()),
    email_sent: true,
    message: `Invitation resent to ${invite.invited_email}`,
  };
  return { body };
});
