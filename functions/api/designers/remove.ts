import { designerDecider, designerStream } from '../../domain/designer.js';
import { actorOf } from '../../lib/auth.js';
import { runCommand } from '../../lib/command.js';
import { httpHandler, signedIn } from '../../lib/http.js';
import { getRuntime } from '../../lib/runtime.js';
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
