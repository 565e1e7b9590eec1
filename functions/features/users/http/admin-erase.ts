import { identitySubOf, userDecider, userEvolution, userStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { HttpError } from '../../../platform/errors.js';
import { loadState, runCommand } from '../../../platform/event-store/command.js';
import { identityDirectory } from '../../../platform/aws/identity.js';
import { newId } from '../../../platform/ids.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { userIdParams } from '../admin-contracts.js';
import { ERASURE_UNDER_WAY } from '../state.js';
import { ERASE_YOURSELF, eraseUserBody, type ErasureResponse } from '../erasure-contracts.js';

/**
 * POST /api/admin/users/{id}/erasure ('Erase User'): an admin erases an account for a request made by
 * other channels (a letter, a support ticket), naming the request's reference. The same erasure as
 * 'Delete My Account': the erasure log keeps who (the admin's account id), when and the reference.
 * An admin erases their own account from their profile, with their password.
 */
export const handler = httpHandler({ params: userIdParams, body: eraseUserBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const userId = request.params.id;
  if (userId === principal.sub) throw new HttpError(409, 'CONFLICT', ERASE_YOURSELF);
  const stream = userStream(userId);
  const { state } = await loadState(userEvolution, stream, runtime);
  if (!state.registered) throw new HttpError(404, 'NOT_FOUND', 'No such user.');
  if (state.erasure) throw new HttpError(409, 'CONFLICT', ERASURE_UNDER_WAY);
  const erasureId = newId();
  await runCommand(
    userDecider,
    stream,
    { type: 'EraseAccount', erasure_id: erasureId, requested_by: 'admin', reference: request.body.reference },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  await identityDirectory().deleteUser(identitySubOf(state) ?? userId);
  const body: ErasureResponse = { erasure_id: erasureId, status: 'erasing' };
  return { status: 202, body };
});
