import { userDecider, userStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { SIGNED_OUT_EVERYWHERE_MESSAGE, type RevokeSessionsResponse } from '../session-contracts.js';
import { afterSessionsEnded } from '../sessions-valid-from.js';

/**
 * POST /api/sessions/revoke (any signed-in user): sign out everywhere. Moves the caller's "sessions
 * valid from" instant, so every session of the account, this one included, ends: tokens are refused
 * by the API and the realtime connect, open sockets close, and Cognito revokes the refresh tokens
 * (functions/features/users/reactions/sessions.ts).
 */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const result = await runCommand(
    userDecider,
    userStream(principal.sub),
    { type: 'EndSessions', reason: 'sign_out_everywhere' },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  await afterSessionsEnded(runtime, principal.sub, result);
  const body: RevokeSessionsResponse = {
    valid_from: result.state.sessions_valid_from!,
    message: SIGNED_OUT_EVERYWHERE_MESSAGE,
  };
  return { body };
});
