import { designerDecider, designerStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn, type HttpRequest, type HttpResult } from '../../../app/http.js';
import { projectionsCaughtUp } from '../../../platform/views/caught-up.js';
import { appending } from '../../../app/runtime.js';
import { provenEmailOf } from '../../../platform/http/email-proof.js';
import { designerInviteTokenParams, type AcceptDesignerInviteResponse } from '../contracts.js';
import { findDesignerInvitation } from '../invite-lookup.js';

/**
 * POST /api/designer-invites/{token}/accept (any signed-in user): the holder of the invited address
 * proves it by following the link (only that mailbox received the token) while signed in with that
 * same address; the authorisation — the designer role and the projects assigned to the address — is
 * then linked to their account. Single use: the link stops working once accepted.
 */
export async function acceptInvite(request: HttpRequest<unknown, unknown, { token: string }>): Promise<HttpResult> {
  const principal = signedIn(request);
  const runtime = appending();
  const { hash, state } = await findDesignerInvitation(runtime, request.params.token);
  // A leaked link is no proof: the address must be one the caller proved to the identity provider.
  const email = await provenEmailOf(principal);
  const result = await runCommand(
    designerDecider,
    designerStream(state.email!),
    { type: 'AcceptDesignerInvitation', token_hash: hash, user_id: principal.sub, email },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  // The caller's next request (the designer dashboard) reads its role from the projections.
  await projectionsCaughtUp(runtime, designerStream(state.email!), result.version);
  const body: AcceptDesignerInviteResponse = { email: state.email!, message: 'You now have designer access.' };
  return { body };
}

export const handler = httpHandler({ params: designerInviteTokenParams }, acceptInvite);
