import { DESIGNER_REVOCATION_STREAM, revocationDecider } from '../../domain/designer.js';
import { actorOf } from '../../http/auth.js';
import { runCommand } from '../../core/command.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { identityDirectory } from '../../adapters/identity.js';
import { log } from '../../core/log.js';
import { listDesigners } from '../../queries/designers.js';
import { getRuntime } from '../../core/runtime.js';
import type { RevokeDesignerSessionsResponse } from '../contracts/sessions.js';

const AT_ONCE = 5;

/**
 * POST /api/sessions/revoke-designers (admin): 'Sign Out All Designers'. First one event records the
 * instant: from then on the API refuses designer tokens from sessions begun before it (an API Gateway
 * authorizer alone would accept them until they expire). Then each designer's refresh tokens are
 * revoked in Cognito (AdminUserGlobalSignOut), so no new tokens come from those sessions.
 */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const { state } = await runCommand(revocationDecider, DESIGNER_REVOCATION_STREAM, { type: 'RevokeDesignerSessions' }, { actor: actorOf(principal) }, runtime);

  const designers = await listDesigners(runtime);
  const directory = identityDirectory();
  const body: RevokeDesignerSessionsResponse = { revoked: 0, total: 0, errors: [], not_before: state.not_before! };
  for (let i = 0; i < designers.length; i += AT_ONCE) {
    await Promise.all(
      designers.slice(i, i + AT_ONCE).map(async (designer) => {
        try {
          await directory.globalSignOut(designer.email);
          body.total += 1;
          body.revoked += 1;
        } catch (error) {
          // Pre-authorised and never registered: there is no session to end.
          if ((error as Error).name === 'UserNotFoundException') return;
          body.total += 1;
          body.errors.push({ email: designer.email, error: (error as Error).message || String(error) });
          log.warn('Designer sign-out failed', { email: designer.email, error: String(error) });
        }
      }),
    );
  }
  return { body };
});
