import { canonicalEmail } from '#shared/email.js';
import { identitySubOf, userDecider, userEvolution, userStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { provenEmailOf } from '../../../platform/http/email-proof.js';
import { loadState, runCommand } from '../../../platform/event-store/command.js';
import { identityDirectory } from '../../../platform/aws/identity.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { afterSessionsEnded } from '../sessions-valid-from.js';
import { issueSignInAnswer } from '../sign-in-answers.js';
import type { EmailProofResponse } from '../contracts.js';

/**
 * POST /api/me/email-proof: the SPA calls it once Cognito has confirmed the verification code
 * (confirmUserAttribute). The proof itself is the identity provider's (`email_verified`, read from
 * the account, never from the request); this records it on the user's stream. The first proof of an
 * address ends every session of the account begun before it (whoever held the account before the
 * address was proven may have been someone else), the caller's own included: Cognito's global
 * sign-out revokes every refresh token. The caller, and only the caller, then gets a one-time answer
 * (sign-in-answers.ts) with which the SPA signs in again through Cognito's custom challenge: a new
 * session, begun after the new instant, so it carries on with what it was doing and no other survives.
 *
 * The global sign-out is done here, before the commit, not left to the sessions reactor: done later,
 * it would also revoke the new session's refresh token. A failure before the commit ends sessions in
 * Cognito and records nothing (a retry redoes both); the reactor still closes the old sessions' sockets.
 * Proving an address already proven ends nothing.
 */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const email = await provenEmailOf(principal);
  const stream = userStream(principal.sub);
  const { state } = await loadState(userEvolution, stream, runtime);
  const identitySub = identitySubOf(state) ?? principal.identitySub;
  if (state.registered && state.email_proven !== canonicalEmail(email)) {
    await identityDirectory().globalSignOut(identitySub);
  }
  const result = await runCommand(
    userDecider,
    stream,
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
    sign_in_answer: ended ? await issueSignInAnswer(runtime, principal.identitySub) : null,
  };
  return { body };
});
