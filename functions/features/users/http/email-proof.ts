import { userDecider, userStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { provenEmailOf } from '../../../platform/http/email-proof.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { afterSessionsEnded } from '../sessions-valid-from.js';
import type { EmailProofResponse } from '../contracts.js';

/**
 * POST /api/me/email-proof: the SPA calls it once Cognito has confirmed the verification code
 * (confirmUserAttribute). The proof itself is the identity provider's (`email_verified`, read from
 * the account, never from the request); this records it on the user's stream. The first proof of an
 * address ends every earlier session of the account (whoever held the account before the address
 * was proven may have been someone else), the caller's own included: Cognito's global sign-out
 * revokes every refresh token, so no session can be carried over in the cloud, and the embedded
 * stack does the same. The SPA therefore asks for the password once more in its dialog, signs in
 * (the answer comes after the new instant, so that sign-in is accepted) and retries what it was
 * doing. Proving an address already proven ends nothing.
 */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const email = await provenEmailOf(principal);
  const result = await runCommand(
    userDecider,
    userStream(principal.sub),
    { type: 'ProveEmail', email, via: 'code' },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  const ended = result.events.some((event) => event.type === 'SessionsEnded');
  if (ended) await afterSessionsEnded(runtime, principal.sub, result);
  const body: EmailProofResponse = {
    email,
    sessions_ended: ended,
    valid_from: ended ? (result.state.sessions_valid_from ?? null) : null,
  };
  return { body };
});
