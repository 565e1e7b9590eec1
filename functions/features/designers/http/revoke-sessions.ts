import { DESIGNER_REVOCATION_STREAM, revocationDecider } from '../decider.js';
import { endSessions } from '../../users/commands.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { log } from '../../../platform/log.js';
import { listDesigners } from '../queries.js';
import { appending } from '../../../app/runtime.js';
import type { RevokeDesignerSessionsResponse } from '../../users/contracts.js';

const AT_ONCE = 5;

/**
 * POST /api/sessions/revoke-designers (admin): 'Sign Out All Designers'. One event records the
 * click; then every active designer's own "sessions valid from" instant moves (a `SessionsEnded` on
 * their user stream), the one session rule every role follows: the API and the realtime connect
 * refuse their older tokens, their open sockets close, and the sessions reactor signs them out of
 * Cognito everywhere (functions/features/users/reactions/sessions.ts). A pre-authorised address with no account
 * has no session to end.
 */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const meta = { actor: actorOf(principal), correlationId: request.correlationId || undefined };
  const { state } = await runCommand(
    revocationDecider,
    DESIGNER_REVOCATION_STREAM,
    { type: 'RevokeDesignerSessions' },
    meta,
    runtime,
  );

  const designers = (await listDesigners(runtime)).filter((designer) => designer.active && designer.user_id);
  const body: RevokeDesignerSessionsResponse = {
    revoked: 0,
    total: designers.length,
    errors: [],
    not_before: state.not_before!,
  };
  for (let i = 0; i < designers.length; i += AT_ONCE) {
    await Promise.all(
      designers.slice(i, i + AT_ONCE).map(async (designer) => {
        try {
          await endSessions(runtime, designer.user_id!, 'designers_signed_out', meta);
          body.revoked += 1;
        } catch (error) {
          body.errors.push({ email: designer.email, error: (error as Error).message || String(error) });
          log.warn("Ending a designer's sessions failed", { email: designer.email, error: String(error) });
        }
      }),
    );
  }
  return { body };
});
