import { designerDecider, designerEvolution, designerStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { loadState, runCommand } from '../../../platform/event-store/command.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { consumeQuotas } from '../../../platform/quotas.js';
import { appending } from '../../../app/runtime.js';
import { designerEmailParams, type ResendDesignerInviteResponse } from '../contracts.js';
import { newInviteToken } from '../../../platform/invite-tokens.js';
import { rowFromState } from '../commands.js';
import { deliverDesignerInvitation } from '../invitation.js';

/**
 * POST /api/designers/{email}/invite (admin): a designer who has not accepted yet gets a new link
 * (new token, 7 more days; the old link stops working). 404 for no designer, 409 once accepted;
 * quota'd per admin and per address; a failed e-mail answers 502 'Failed to resend invitation'.
 */
export const handler = httpHandler({ params: designerEmailParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const { email } = request.params;
  const meta = { actor: actorOf(principal), correlationId: request.correlationId || undefined };
  const { token, hash } = newInviteToken();
  // The decider refuses what cannot be resent before any quota is spent: a dry run on the current state.
  const { state } = await loadState(designerEvolution, designerStream(email), runtime);
  designerDecider.decide({ type: 'InviteDesigner', token_hash: hash }, state, {
    actor: meta.actor,
    now: runtime.now().toISOString(),
  });
  await consumeQuotas(runtime, ['inviteResends', `designer:${email}`], ['designerInvites', principal.sub]);
  const invited = await runCommand(
    designerDecider,
    designerStream(email),
    { type: 'InviteDesigner', token_hash: hash },
    meta,
    runtime,
  );
  const { state: after, sent } = await deliverDesignerInvitation(runtime, invited.state, token, meta);
  if (!sent) throw new HttpError(502, 'MAIL_FAILED', 'Failed to resend invitation');
  const body: ResendDesignerInviteResponse = {
    designer: await rowFromState(runtime, after),
    message: `Invitation resent to ${email}`,
  };
  return { body };
});
