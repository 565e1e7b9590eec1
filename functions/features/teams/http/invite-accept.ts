import { teamDecider, teamStream } from '../decider.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { membershipOf } from '../queries.js';
import { projectionsCaughtUp } from '../../../platform/views/caught-up.js';
import { appending } from '../../../app/runtime.js';
import { provenEmailOf } from '../../../platform/http/email-proof.js';
import { tokenParams, type AcceptInviteResponse } from '../contracts.js';
import { commandMeta } from '../handler-support.js';
import { findInvitation } from '../queries.js';

/**
 * POST /api/invites/{token}/accept (accept-invite): the signed-in user whose e-mail the invitation
 * names joins the team with the invited role. A token works once, until it expires or is revoked.
 */
export const handler = httpHandler({ params: tokenParams }, async (request) => {
  const principal = signedIn(request);
  const runtime = appending();
  if (!principal.email)
    throw new HttpError(403, 'FORBIDDEN', 'Sign in with the invited e-mail address to accept this invitation.');
  const { hash, team } = await findInvitation(runtime, request.params.token);
  // A token can leak (forwarded, or read by whoever holds a session of an unproven account): the
  // address it names must be one the caller has proven to the identity provider. The decider then
  // checks it is the invited one, in its canonical form.
  const email = await provenEmailOf(principal);
  const membership = await membershipOf(runtime, principal.sub);
  if (membership && membership.team_id !== team.id)
    throw new HttpError(409, 'CONFLICT', 'You are already a member of another team.');
  const result = await runCommand(
    teamDecider,
    teamStream(team.id!),
    { type: 'AcceptInvite', token_hash: hash, user_id: principal.sub, email },
    commandMeta(request, principal),
    runtime,
  );
  // The caller's next request finds its team through the membership view: answer once it has it.
  await projectionsCaughtUp(runtime, teamStream(team.id!), result.version);
  const member = result.state.members.find((candidate) => candidate.user_id === principal.sub)!;
  const body: AcceptInviteResponse = { team: { id: team.id!, name: result.state.name }, role: member.role };
  return { body };
});
