import { teamDecider, teamStream } from '../../domain/team.js';
import { runCommand } from '../../lib/command.js';
import { httpHandler, signedIn } from '../../lib/http.js';
import { getRuntime } from '../../lib/runtime.js';
import { changeMemberRoleBody, memberParams, type TeamResponse } from '../contracts/team.js';
import { callerTeamId, commandMeta, teamView } from './common.js';

/** PATCH /api/team/members/{userId}: a team admin changes another active member's team role. */
export const handler = httpHandler({ body: changeMemberRoleBody, params: memberParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const teamId = await callerTeamId(runtime, principal);
  const result = await runCommand(
    teamDecider,
    teamStream(teamId),
    { type: 'ChangeMemberRole', user_id: request.params.userId, role: request.body.role },
    commandMeta(request, principal),
    runtime,
  );
  const body: TeamResponse = await teamView(runtime, result.state, principal.sub);
  return { body };
});
