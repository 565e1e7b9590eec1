import type { EventEnvelope } from '../../events/index.js';
import type { Decider } from '../domain/decider.js';
import type { CommitMeta } from './event-store.js';
import { ConcurrencyError, HttpError } from './errors.js';
import { Recent } from './recent.js';
import { currentRequest } from './request-context.js';
import { getRuntime, type Runtime } from './runtime.js';

export interface CommandResult<S> {
  state: S;
  version: number;
  events: EventEnvelope[];
}

const MAX_ATTEMPTS = 5;
const REMEMBERED_STREAMS = 1_000;

interface Loaded<S> {
  state: S;
  version: number;
  lastHash: string;
}

/**
 * The state each stream had after this process's last successful append to it, per store and
 * decider. A command decides on it without reading the stream; if someone appended since, the
 * conditional append fails and the command reads and decides again, so a stale entry costs one
 * refused write and never a wrong event.
 */
const afterLastAppend = new WeakMap<object, WeakMap<object, Recent<string, Loaded<unknown>>>>();

function remembered<S>(runtime: Runtime, decider: object): Recent<string, Loaded<S>> {
  let byDecider = afterLastAppend.get(runtime.store);
  if (!byDecider) afterLastAppend.set(runtime.store, (byDecider = new WeakMap()));
  let streams = byDecider.get(decider);
  if (!streams) byDecider.set(decider, (streams = new Recent(REMEMBERED_STREAMS)));
  return streams as Recent<string, Loaded<S>>;
}
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
  const streams = remembered<S>(runtime, decider);
  let mayRemember = true;
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    // Only the first try may use what this process remembers; every retry reads the stream.
    const cached = mayRemember ? streams.get(streamId) : undefined;
    mayRemember = false;
    const { state, version, lastHash } = cached ?? (await loadState(decider, streamId, runtime));
    let newEvents;
    try {
      newEvents = decider.decide(command, state, { actor: meta.actor, actorEmail: meta.actorEmail, now: runtime.now().toISOString() });
    } catch (error) {
      // A refusal must come from the stream as it is, not as this process last saw it.
      if (cached) {
        streams.delete(streamId);
        attempt -= 1;
        continue;
      }
      throw error;
    }
    if (newEvents.length === 0) {
      // Likewise "nothing to do" and the state answered.
      if (cached) {
        streams.delete(streamId);
        attempt -= 1;
        continue;
      }
      return { state, version, events: [] };
    }
    try {
      const commit = await runtime.store.append(streamId, newEvents, { version, hash: lastHash }, meta);
      let next = state;
      for (const event of commit.events) next = decider.evolve(next, event);
      streams.set(streamId, { state: next, version: commit.lastVersion, lastHash: commit.events.at(-1)!.hash });
      await runtime.publisher.publish(commit);
      return { state: next, version: commit.lastVersion, events: commit.events };
    } catch (error) {
      streams.delete(streamId);
      if (!(error instanceof ConcurrencyError)) throw error;
      // A stale remembered state is not a race with another writer: read again at once.
      if (cached) {
        attempt -= 1;
        continue;
      }
      await pause(Math.random() * 15 * (attempt + 1));
    }
  }
  throw new HttpError(409, 'CONFLICT', 'This item was changed by someone else at the same moment. Please try again.');
}
