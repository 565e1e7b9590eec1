import { canonicalEmail } from '#shared/email.js';
import { identitySubOf, userDecider, userEvolution, userStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { HttpError } from '../../../platform/errors.js';
import { loadState, runCommand } from '../../../platform/event-store/command.js';
import { identityDirectory } from '../../../platform/aws/identity.js';
import { newId } from '../../../platform/ids.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { ERASURE_UNDER_WAY } from '../state.js';
import { EMAIL_MISMATCH, WRONG_PASSWORD, eraseAccountBody, type ErasureResponse } from '../erasure-contracts.js';

/**
 * POST /api/me/erasure ('Delete My Account'): the person types their e-mail address and gives their
 * password again, so a session left open (or stolen) cannot erase the account on its own. Cognito
 * checks the password as a sign-in would (its failed-attempt limits apply). Then PersonalDataErased
 * and SessionsEnded are one commit (every token of the account is refused from now on, its sockets
 * are closed), the Cognito user is deleted at once (nobody signs in with the old password again; a
 * new sign-up with the address is a new account), and the erasure reactor does the rest.
 */
export const handler = httpHandler({ body: eraseAccountBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const stream = userStream(principal.sub);
  const { state } = await loadState(userEvolution, stream, runtime);
  if (!state.registered) throw new HttpError(404, 'NOT_FOUND', 'User not found');
  if (state.erasure) throw new HttpError(409, 'CONFLICT', ERASURE_UNDER_WAY);
  const directory = identityDirectory();
  const username = identitySubOf(state) ?? principal.identitySub;
  const identity = await directory.emailStatus(username);
  const typed = request.body.email.toLowerCase();
  const known = [state.email, identity?.email].filter((email): email is string => !!email).map(canonicalEmail);
  if (!known.includes(typed)) throw new HttpError(400, 'EMAIL_MISMATCH', EMAIL_MISMATCH);
  if (!identity || !(await directory.verifyPassword(identity.email, request.body.password)))
    throw new HttpError(403, 'WRONG_PASSWORD', WRONG_PASSWORD);
  const erasureId = newId();
  await runCommand(
    userDecider,
    stream,
    { type: 'EraseAccount', erasure_id: erasureId, requested_by: 'self', reference: null },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  await directory.deleteUser(username);
  const body: ErasureResponse = { erasure_id: erasureId, status: 'erasing' };
  return { status: 202, body };
});
