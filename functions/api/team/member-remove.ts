import { teamDecider, teamStream } from '../../domain/team.js';
import { runCommand } from '../../lib/command.js';
import { httpHandler, signedIn } from '../../lib/http.js';
import { getRuntime } from '../../lib/runtime.js';
import { memberParams, type TeamResponse } from '../contracts/team.js';
import { callerTeamId, commandMeta, teamView } from './common.js';

/** DELETE /api/team/members/{userId}: a team admin removes another member. */
export const handler = httpHandler({ params: memberParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const teamId = await callerTeamId(runtime, principal);
  const result = await runCommand(
    teamDecider,
    teamStream(teamId),
    { type: 'RemoveMember', user_id: request.params.userId },
    commandMeta(request, principal),
    runtime,
  );
  const body: TeamResponse = await teamView(runtime, result.state, principal.sub);
  return { body };
});
