import type { EventEnvelope } from '../../events/index.js';
import type { Decider } from '../domain/decider.js';
import type { CommitMeta } from './event-store.js';
import { ConcurrencyError, HttpError } from './errors.js';
import { currentRequest } from './request-context.js';
import { getRuntime, type Runtime } from './runtime.js';

export interface CommandResult<S> {
  state: S;
  version: number;
  events: EventEnvelope[];
}

const MAX_ATTEMPTS = 5;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Loads a stream and folds it with the decider's evolve. */
export async function loadState<S>(decider: Pick<Decider<unknown, S>, 'initialState' | 'evolve'>, streamId: string, runtime: Runtime = getRuntime()) {
  const slice = await runtime.store.readStream(streamId);
  let state = decider.initialState();
  for (const event of slice.events) state = decider.evolve(state, event);
  return { state, version: slice.version, lastHash: slice.lastHash };
}

/**
 * Load → decide → append → publish. A version conflict means another command won the race: read
 * again and decide again, a few times, then answer 409.
 */
export async function runCommand<C, S>(
  decider: Decider<C, S>,
  streamId: string,
  command: C,
  meta: CommitMeta,
  runtime: Runtime = getRuntime(),
): Promise<CommandResult<S>> {
  meta = { ...meta, correlationId: meta.correlationId ?? currentRequest()?.correlationId };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const { state, version, lastHash } = await loadState(decider, streamId, runtime);
    const newEvents = decider.decide(command, state, { actor: meta.actor, actorEmail: meta.actorEmail, now: runtime.now().toISOString() });
    if (newEvents.length === 0) return { state, version, events: [] };
    try {
      const commit = await runtime.store.append(streamId, newEvents, { version, hash: lastHash }, meta);
      await runtime.publisher.publish(commit);
      let next = state;
      for (const event of commit.events) next = decider.evolve(next, event);
      return { state: next, version: commit.lastVersion, events: commit.events };
    } catch (error) {
      if (!(error instanceof ConcurrencyError)) throw error;
      await pause(Math.random() * 15 * (attempt + 1));
    }
  }
  throw new HttpError(409, 'CONFLICT', 'This item was changed by someone else at the same moment. Please try again.');
}
