import type { Evolution } from '../decider.js';
import type { EventReading } from '../runtime.js';
import { loadFold } from './folds.js';

/**
 * Loads a stream and folds it with the decider's evolve: from what this process last knew of it (or
 * the fold's snapshot), reading only the events after that (./folds.ts). Reading only: it lives apart
 * from the command module (which appends) so that a handler that only reads is granted only the event
 * store's reads (infra/stack/capabilities.ts). A command that follows it finds the fold remembered and
 * reads the stream no more.
 */
export async function loadState<S>(decider: Evolution<S>, streamId: string, runtime: Pick<EventReading, 'store'>) {
  const { state, version, lastHash } = await loadFold(decider, streamId, runtime.store);
  return { state, version, lastHash };
}
