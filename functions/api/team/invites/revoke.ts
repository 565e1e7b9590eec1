import { teamDecider, teamStream } from '../../../domain/team.js';
import { runCommand } from '../../../lib/command.js';
import { httpHandler, signedIn } from '../../../lib/http.js';
import { getRuntime } from '../../../lib/runtime.js';
import { inviteParams, type TeamResponse } from '../../contracts/team.js';
import { callerTeamId, commandMeta, teamView } from '../common.js';

/** POST /api/team/invites/{id}/revoke: a team admin revokes a pending invitation; its link stops working. */
export const handler = httpHandler({ params: inviteParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  const teamId = await callerTeamId(runtime, principal);
  const result = await runCommand(
    teamDecider,
    teamStream(teamId),
    { type: 'RevokeInvite', invite_id: request.params.id },
    commandMeta(request, principal),
    runtime,
  );
  const body: TeamResponse = await teamView(runtime, result.state, principal.sub);
  return { body };
});
