import { teamDecider, teamStream } from '../decider.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { newId } from '../../../platform/ids.js';
import { membershipOf } from '../queries.js';
import { projectionsCaughtUp } from '../../../platform/views/caught-up.js';
import { appending } from '../../../app/runtime.js';
import { provenEmailOf } from '../../../platform/http/email-proof.js';
import { createTeamBody, type TeamResponse } from '../contracts.js';
import { commandMeta, teamView } from '../handler-support.js';

/** POST /api/team: a client with a proven address names a team and becomes its admin (one team per user). */
export const handler = httpHandler({ body: createTeamBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  if (await membershipOf(runtime, principal.sub))
    throw new HttpError(409, 'CONFLICT', 'You are already a member of a team.');
  // Others will keep what this team holds (members, projects): its admin's address must be proven.
  const email = await provenEmailOf(principal);
  const teamId = newId();
  const result = await runCommand(
    teamDecider,
    teamStream(teamId),
    { type: 'CreateTeam', team_id: teamId, name: request.body.name, user_id: principal.sub, email },
    commandMeta(request, principal),
    runtime,
    { newStream: true },
  );
  // The caller's next request finds its team through the membership view: answer once it has it.
  await projectionsCaughtUp(runtime, teamStream(teamId), result.version);
  const body: TeamResponse = await teamView(runtime, result.state, principal.sub);
  return { status: 201, body };
});
