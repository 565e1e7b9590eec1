import { teamDecider, teamEvolution, teamStream, type TeamCommand, type TeamState } from './decider.js';
import type { Principal } from '../../platform/http/auth.js';
import { loadState, runCommand } from '../../platform/event-store/command.js';
import type { CommitMeta } from '../../platform/event-store/event-store.js';
import type { HttpRequest } from '../../platform/http/middleware.js';
import { log } from '../../platform/log.js';
import type { Appending, EventReading } from '../../platform/runtime.js';
import { commandMeta, mailInvite } from './handler-support.js';

/**
 * Mails the invitation with its fresh token, then records the outcome in the team stream
 * (TeamInviteSent or TeamInviteSendFailed). Answers the team's state after that.
 */
export async function deliverInvite(
  runtime: Appending,
  request: HttpRequest<unknown, unknown, unknown>,
  principal: Principal,
  state: TeamState,
  inviteId: string,
  token: string,
): Promise<{ state: TeamState; sent: boolean }> {
  const invite = state.invites.find((candidate) => candidate.id === inviteId)!;
  const outcome = await mailInvite(invite, state.name, token);
  try {
    const recorded = await runCommand(
      teamDecider,
      teamStream(state.id!),
      outcome.sent
        ? { type: 'RecordInviteSent', invite_id: inviteId }
        : { type: 'RecordInviteSendFailed', invite_id: inviteId, reason: outcome.reason },
      commandMeta(request, principal),
      runtime,
    );
    return { state: recorded.state, sent: outcome.sent };
  } catch (error) {
    // The e-mail's fate is already decided; failing to note it must not turn it into an error.
    log.warn('Could not record the invitation e-mail outcome', { inviteId, error: (error as Error).message });
    return { state, sent: outcome.sent };
  }
}

/**
 * Asks the team's decider about a command on the current state without appending anything: its
 * refusals (not a team admin, no such invitation, already pending) come before any quota is spent.
 */
export async function decideNow(
  runtime: EventReading,
  teamId: string,
  command: TeamCommand,
  meta: CommitMeta,
): Promise<void> {
  const { state } = await loadState(teamEvolution, teamStream(teamId), runtime);
  teamDecider.decide(command, state, {
    actor: meta.actor,
    actorEmail: meta.actorEmail,
    now: runtime.now().toISOString(),
  });
}
