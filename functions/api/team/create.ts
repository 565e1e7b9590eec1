import { teamDecider, teamStream } from '../../domain/team.js';
import { runCommand } from '../../lib/command.js';
import { HttpError } from '../../lib/errors.js';
import { httpHandler, signedIn } from '../../lib/http.js';
import { newId } from '../../lib/ids.js';
import { membershipOf } from '../../lib/queries/teams.js';
import { projectionsCaughtUp } from '../../lib/projections-caught-up.js';
import { getRuntime } from '../../lib/runtime.js';
import { createTeamBody, type TeamResponse } from '../contracts/team.js';
import { commandMeta, teamView } from './common.js';

/** POST /api/team: a client names a team and becomes its admin (one team per user). */
export const handler = httpHandler({ body: createTeamBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = getRuntime();
  if (await membershipOf(runtime, principal.sub)) throw new HttpError(409, 'CONFLICT', 'You are already a member of a team.');
  const teamId = newId();
  const result = await runCommand(
    teamDecider,
    teamStream(teamId),
    { type: 'CreateTeam', team_id: teamId, name: request.body.name, user_id: principal.sub, email: principal.email },
    commandMeta(request, principal),
    runtime,
  );
  // The caller's next request finds its team through the membership view: answer once it has it.
  await projectionsCaughtUp(runtime, teamStream(teamId), result.version);
  const body: TeamResponse = await teamView(runtime, result.state, principal.sub);
  return { status: 201, body };
});
