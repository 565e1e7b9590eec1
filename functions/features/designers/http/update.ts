import { designerDecider, designerStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { designerEmailParams, updateDesignerBody, type UpdateDesignerResponse } from '../contracts.js';
import { rowFromState } from '../commands.js';

/** PATCH /api/designers/{email} (admin): deactivate or reactivate a designer. 404 when there is none. */
export const handler = httpHandler({ body: updateDesignerBody, params: designerEmailParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const { active } = request.body;
  const result = await runCommand(
    designerDecider,
    designerStream(request.params.email),
    { type: 'SetDesignerActive', active },
    { actor: actorOf(principal) },
    runtime,
  );
  const body: UpdateDesignerResponse = {
    designer: await rowFromState(runtime, result.state),
    message: active ? 'Designer reactivated successfully' : 'Designer deactivated successfully',
  };
  return { body };
});
