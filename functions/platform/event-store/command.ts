import type { EventEnvelope } from '../../../events/envelope.js';
import type { Decider } from '../decider.js';
import { DomainError } from '../domain-errors.js';
import type { CommitMeta } from './event-store.js';
import { ConcurrencyError, HttpError } from '../errors.js';
import { recordMetric } from '../observability/metrics.js';
import { currentRequest, RequestAbandonedError } from '../http/request-context.js';
import { loadState } from './load-state.js';
import { emptyFold, forgetFold, loadFold, rememberAppend, rememberedFold, type Folded } from './folds.js';
import { inStep } from '../observability/call-count.js';
import type { Appending } from '../runtime.js';

export { loadState };

export interface CommandResult<S> {
  state: S;
  version: number;
  events: EventEnvelope[];
}

const MAX_ATTEMPTS = 5;
/**
 * How long a command waits for the bus after its commit. The commit is durable and marked for the
 * outbox, so a slow bus only delays delivery to the sweeper; waiting longer would spend the request's
 * time, and a request answered 503 after its commit invites a retry that runs again.
 */
const PUBLISH_BUDGET_MS = 3_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Load → decide → append → publish. A version conflict means another command won the race: read
 * again and decide again, a few times, then answer 409.
 *
 * `newStream`: the caller has just made the stream's id (`newId`), so the stream is empty and is not
 * read: the command decides on the initial state and appends at version 0, which the store refuses
 * if the stream exists after all (then it is read and decided on as any other).
 */
export async function runCommand<C, S>(
  decider: Decider<C, S>,
  streamId: string,
  command: C,
  meta: CommitMeta,
  runtime: Appending,
  options: { newStream?: boolean } = {},
): Promise<CommandResult<S>> {
  meta = { ...meta, correlationId: meta.correlationId ?? currentRequest()?.correlationId };
  const store = runtime.store;
  const decideOn = (state: S) =>
    decider.decide(command, state, {
      actor: meta.actor,
      actorEmail: meta.actorEmail,
      now: runtime.now().toISOString(),
    });
  const commit = async (loaded: Folded<S>, newEvents: ReturnType<typeof decideOn>): Promise<CommandResult<S>> => {
    try {
      if (currentRequest()?.signal?.aborted) throw new RequestAbandonedError();
      const appended = await inStep('commit', () =>
        store.append(streamId, newEvents, { version: loaded.version, hash: loaded.lastHash }, meta),
      );
      let next = loaded.state;
      for (const event of appended.events) next = decider.evolve(next, event);
      rememberAppend(store, decider, streamId, loaded, {
        state: next,
        version: appended.lastVersion,
        lastHash: appended.events.at(-1)!.hash,
        events: appended.events,
      });
      recordMetric('CommandAccepted');
      await inStep('outbox', () => runtime.publisher.publish(appended, { withinMs: PUBLISH_BUDGET_MS }));
      return { state: next, version: appended.lastVersion, events: appended.events };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) forgetFold(store, decider, streamId);
      throw error;
    }
  };

  // First on what this process remembers (a fold another command or a load left): no read at all.
  // That state may only commit: a refusal, a "nothing to do" or a lost append falls through to the
  // stream as it is, read from that fold on.
  const known = options.newStream ? emptyFold(decider) : rememberedFold(store, decider, streamId);
  if (known) {
    let newEvents: ReturnType<typeof decideOn> = [];
    try {
      newEvents = decideOn(known.state);
    } catch {
      // Decided again below, on the stream.
    }
    if (newEvents.length > 0) {
      try {
        return await commit(known, newEvents);
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
      }
    }
  }

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    // Only the events after what is remembered (or the snapshot) are read: the cost of a load does
    // not grow with the stream (./folds.ts).
    const loaded = await inStep('command reads', () => loadFold(decider, streamId, store, { snapshots: 'write' }));
    let newEvents: ReturnType<typeof decideOn>;
    try {
      newEvents = decideOn(loaded.state);
    } catch (error) {
      if (error instanceof DomainError) recordMetric('CommandRefused');
      throw error;
    }
    if (newEvents.length === 0) return { state: loaded.state, version: loaded.version, events: [] };
    try {
      return await commit(loaded, newEvents);
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      await pause(Math.random() * 15 * (attempt + 1));
    }
  }
  recordMetric('CommandConflict');
  throw new HttpError(409, 'CONFLICT', 'This item was changed by someone else at the same moment. Please try again.');
}
