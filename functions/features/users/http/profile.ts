import { userDecider, userStream } from '../decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { updateProfileBody, type ProfileResponse } from '../../teams/contracts.js';

/** PATCH /api/me/profile: the caller's full_name, company and user_type ('Profile Settings'). */
export const handler = httpHandler({ body: updateProfileBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  const { full_name, company, user_type } = request.body;
  const result = await runCommand(
    userDecider,
    userStream(principal.sub),
    { type: 'UpdateProfile', full_name, company, user_type },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    runtime,
  );
  const state = result.state;
  const body: ProfileResponse = {
    profile: {
      id: principal.sub,
      email: state.email ?? principal.email,
      full_name: state.full_name,
      company: state.company,
      phone: state.phone,
      user_type: state.user_type,
    },
  };
  return { body };
});
