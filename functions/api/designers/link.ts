import { designerDecider, designerStream } from '../../domain/designer.js';
import { actorOf } from '../../http/auth.js';
import { loadState } from '../../core/command.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { designersOfUser } from '../../queries/designers.js';
import { getRuntime } from '../../core/runtime.js';
import type { LinkDesignerResponse } from '../contracts/designers.js';
import { linkDesignerAccount } from './commands.js';

/**
 * POST /api/designers/link (any signed-in user): link-designer-role (spec/2 §6). A designer
 * pre-authorised by e-mail is linked to the caller's account; `allowed` says whether the caller holds
 * an active designer authorisation, by their (verified) e-mail or by their account.
 */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  if (principal.email && principal.emailVerified) {
    const { state } = await loadState(designerDecider, designerStream(principal.email), runtime);
    if (state.status === 'active') {
      const linked = await linkDesignerAccount(runtime, principal.email, principal.sub, { actor: actorOf(principal), actorEmail: principal.email });
      const body: LinkDesignerResponse = { allowed: linked.status === 'active' };
      return { body };
    }
  }
  const byAccount = await designersOfUser(runtime, principal.sub);
  const body: LinkDesignerResponse = { allowed: byAccount.some((designer) => designer.active) };
  return { body };
});
