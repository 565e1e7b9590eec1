import { designerDecider, designerStream } from '../../domain/designer.js';
import { actorOf } from '../../http/auth.js';
import { runCommand } from '../../core/command.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { getRuntime } from '../../core/runtime.js';
import { designerEmailParams, type RemoveDesignerResponse } from '../contracts/designers.js';

/**
 * DELETE /api/designers/{email} (admin): the e-mail leaves the designer role. Its tokens stop passing
 * designer checks at once (the API decides roles from the projections); the Cognito group follows.
 */
export const handler = httpHandler({ params: designerEmailParams }, async (request) => {
  const principal = signedIn(request);
  const { email } = request.params;
  await runCommand(designerDecider, designerStream(email), { type: 'RemoveDesigner' }, { actor: actorOf(principal) }, getRuntime());
  const body: RemoveDesignerResponse = { email, message: 'Designer removed successfully' };
  return { body };
});
