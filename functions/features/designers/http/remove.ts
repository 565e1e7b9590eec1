import { designerDecider, designerStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { designerEmailParams, type RemoveDesignerResponse } from '../contracts.js';

/**
 * DELETE /api/designers/{email} (admin): the e-mail leaves the designer role. Its tokens stop passing
 * designer checks at once (the API decides roles from the projections); the Cognito group follows.
 */
export const handler = httpHandler({ params: designerEmailParams }, async (request) => {
  const principal = signedIn(request);
  const { email } = request.params;
  await runCommand(
    designerDecider,
    designerStream(email),
    { type: 'RemoveDesigner' },
    { actor: actorOf(principal) },
    appending(),
  );
  const body: RemoveDesignerResponse = { email, message: 'Designer removed successfully' };
  return { body };
});
