import type { EventEnvelope } from '../../../events/envelope.js';
import type { Decider } from '../decider.js';
import { DomainError } from '../domain-errors.js';
import type { CommitMeta } from './event-store.js';
import { ConcurrencyError, HttpError } from '../errors.js';
import { recordMetric } from '../observability/metrics.js';
import { Recent } from '../views/recent.js';
import { currentRequest, RequestAbandonedError } from '../http/request-context.js';
import { loadState } from './load-state.js';
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

function remembered<S>(runtime: Appending, decider: object): Recent<string, Loaded<S>> {
  let byDecider = afterLastAppend.get(runtime.store);
  if (!byDecider) afterLastAppend.set(runtime.store, (byDecider = new WeakMap()));
  let streams = byDecider.get(decider);
  if (!streams) byDecider.set(decider, (streams = new Recent(REMEMBERED_STREAMS)));
  return streams as Recent<string, Loaded<S>>;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Load → decide → append → publish. A version conflict means another command won the race: read
 * again and decide again, a few times, then answer 409.
 */
export async function runCommand<C, S>(
  decider: Decider<C, S>,
  streamId: string,
  command: C,
  meta: CommitMeta,
  runtime: Appending,
): Promise<CommandResult<S>> {
  meta = { ...meta, correlationId: meta.correlationId ?? currentRequest()?.correlationId };
  const streams = remembered<S>(runtime, decider);
  const decideOn = (state: S) => decider.decide(command, state, { actor: meta.actor, actorEmail: meta.actorEmail, now: runtime.now().toISOString() });
  const commit = async (loaded: Loaded<S>, newEvents: ReturnType<typeof decideOn>): Promise<CommandResult<S>> => {
    try {
      if (currentRequest()?.signal?.aborted) throw new RequestAbandonedError();
      const store = runtime.store;
      const appended = await inStep('commit', () => store.append(streamId, newEvents, { version: loaded.version, hash: loaded.lastHash }, meta));
      let next = loaded.state;
      for (const event of appended.events) next = decider.evolve(next, event);
      streams.set(streamId, { state: next, version: appended.lastVersion, lastHash: appended.events.at(-1)!.hash });
      recordMetric('CommandAccepted');
      await inStep('outbox', () => runtime.publisher.publish(appended, { withinMs: PUBLISH_BUDGET_MS }));
      return { state: next, version: appended.lastVersion, events: appended.events };
    } catch (error) {
      streams.delete(streamId);
      throw error;
    }
  };

  // First on what this process remembers. That state may only commit: a refusal, a "nothing to do"
  // or a lost append falls through to the stream as it is.
  const known = streams.get(streamId);
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
    streams.delete(streamId);
  }

  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
    const loaded = await inStep('command reads', () => loadState(decider, streamId, runtime));
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
