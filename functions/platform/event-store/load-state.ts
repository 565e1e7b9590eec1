import type { Evolution } from '../decider.js';
import type { EventReading } from '../runtime.js';
import { loadFold, rememberedFold } from './folds.js';

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

/**
 * A stream's state for a handler's checks just before it runs a command of the same decider: the
 * fold this process remembers, read from nothing, when the check `passes` on it; else a load. Safe
 * because runCommand decides on that same fold and commits only while the stream is still at its
 * version (a stale fold is refused there, and the decider's own rules judge again on the stream),
 * and a check the remembered fold fails is made again on the loaded state: a stale fold never
 * refuses what the stream allows. `context` (the caller's team, say) is read alongside the load.
 */
export async function stateToDecideOn<S, C>(
  decider: Evolution<S>,
  streamId: string,
  runtime: Pick<EventReading, 'store'>,
  context: Promise<C>,
  passes: (state: S, context: C) => boolean,
): Promise<{ state: S; context: C }> {
  const known = rememberedFold(runtime.store, decider, streamId);
  if (known) {
    const checked = await context;
    if (passes(known.state, checked)) return { state: known.state, context: checked };
  }
  const [{ state }, checked] = await Promise.all([loadState(decider, streamId, runtime), context]);
  return { state, context: checked };
}
