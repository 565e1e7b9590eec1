import type { EventEnvelope } from '#events/envelope.js';
import { designerEvolution } from '../../designers/state.js';
import { identitySubOf, userDecider, userEvolution, userStream } from '../decider.js';
import { identityDirectory } from '../../../platform/aws/identity.js';
import { connectionPoster, connectionStore } from '../../../platform/realtime/index.js';
import { loadState, runCommand } from '../../../platform/event-store/command.js';
import { log } from '../../../platform/log.js';
import type { Appending } from '../../../platform/runtime.js';
import { appending } from '../../../app/runtime.js';
import { storedEvent } from '../../../platform/event-store/stored-event.js';
import { projectionsCaughtUp } from '../../../platform/views/caught-up.js';
import { consumer } from '../../../app/lambda.js';

/**
 * Refresh tokens live 30 days (infra/stack/auth.ts): an ending older than that has nothing left to
 * revoke in Cognito, and signing the account out for it again (an archive replay) would only end
 * the sessions begun since.
 */
const REFRESH_TOKEN_LIFETIME_MS = 30 * 86_400_000;

/**
 * What follows when a user's sessions end (SessionsEnded), and what ends them when someone else
 * changes a designer authorisation:
 * - SessionsEnded: Cognito signs the account out everywhere (AdminUserGlobalSignOut: refresh tokens
 *   die, and in the cloud the old access tokens stop working with Cognito's own API; for the first
 *   proof of an address the proof's handler already did, before its commit), then, once the
 *   projections have the instant (so a connect from now on is checked against it), every open socket
 *   of a session begun before it is closed with the "signed out" close code.
 * - An admin deactivating, reactivating or removing a designer authorisation linked to an account
 *   ends that account's sessions (reason `designer_changed`). The holder's own acceptance of the
 *   invitation does not: that session just proved the address, and every earlier one of another
 *   person ended when the address was first proven.
 * Idempotent: a redelivered designer event finds the ending it caused (its causation id) and adds
 * nothing; a redelivered SessionsEnded signs out and closes again, which ends nothing newer than it
 * within the refresh tokens' life (sockets of later sessions are kept).
 */
export const handler = consumer(async (delivered: EventEnvelope): Promise<void> => {
  const runtime = appending();
  const envelope = await storedEvent(delivered, runtime);
  if (!envelope) {
    log.warn('Ignored a session event that is not in the event store', {
      streamId: String(delivered?.streamId),
      version: String(delivered?.version),
      type: String(delivered?.type),
    });
    return;
  }
  if (envelope.type === 'SessionsEnded') return sessionsEnded(runtime, envelope);
  return designerChanged(runtime, envelope);
});

async function sessionsEnded(runtime: Appending, envelope: EventEnvelope): Promise<void> {
  const userId = envelope.streamId.slice('user-'.length);
  const validFrom = Date.parse(String(envelope.data.valid_from));
  if (Date.now() - validFrom > REFRESH_TOKEN_LIFETIME_MS) return;
  // The first proof of an address signed the account out before its commit (http/email-proof.ts): signing
  // out again now would also revoke the refresh token of the session that proved it and began anew.
  if (envelope.data.reason !== 'email_proven') {
    const { state } = await loadState(userEvolution, envelope.streamId, runtime);
    const username = identitySubOf(state) ?? userId;
    await identityDirectory()
      .globalSignOut(username)
      .catch((error: unknown) => {
        if ((error as Error).name !== 'UserNotFoundException') throw error;
      });
  }
  // A connect checked before the projections had the instant may have let an old token in: wait.
  await projectionsCaughtUp(runtime, envelope.streamId, envelope.version);
  const store = connectionStore();
  const poster = connectionPoster();
  for (const connectionId of await store.bySub(userId)) {
    const connection = await store.get(connectionId);
    if (connection?.authTime !== undefined && connection.authTime * 1000 >= validFrom) continue;
    await poster.close(connectionId);
    await store.remove(connectionId);
  }
}

async function designerChanged(runtime: Appending, envelope: EventEnvelope): Promise<void> {
  // The account the authorisation belonged to just before this event (a removal unlinks it).
  const slice = await runtime.store.readStream(envelope.streamId, { to: envelope.version - 1 });
  const before = slice.events.reduce(designerEvolution.evolve, designerEvolution.initialState());
  const userId = before.user_id;
  if (!userId) return;
  const stream = userStream(userId);
  const history = await runtime.store.readStream(stream);
  if (history.events.some((event) => event.causationId === envelope.eventId)) return;
  await runCommand(
    userDecider,
    stream,
    { type: 'EndSessions', reason: 'designer_changed' },
    { actor: envelope.actor, causationId: envelope.eventId, correlationId: envelope.correlationId },
    runtime,
  );
}
