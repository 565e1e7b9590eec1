import type { Decider } from '../decider.js';
import type { EventReading } from '../runtime.js';

/**
 * Loads a stream and folds it with the decider's evolve. Reading only: it lives apart from the
 * command module (which appends) so that a handler that only reads is granted only the event
 * store's reads (infra/stack/capabilities.ts).
 */
export async function loadState<S>(decider: Pick<Decider<unknown, S>, 'initialState' | 'evolve'>, streamId: string, runtime: Pick<EventReading, 'store'>) {
  const slice = await runtime.store.readStream(streamId);
  let state = decider.initialState();
  for (const event of slice.events) state = decider.evolve(state, event);
  return { state, version: slice.version, lastHash: slice.lastHash };
}
