import { GENESIS_HASH } from '../../../events/envelope.js';
import type { Evolution, EvolvingEvent } from '../decider.js';
import { LruCache } from '../lru-cache.js';
import type { EventLog } from './event-log.js';
import type { EventStore } from './event-store.js';

/** A stream folded up to `version` (a commit's end), with that event's hash: where the next append chains on. */
export interface Folded<S> {
  state: S;
  version: number;
  lastHash: string;
}

/** Streams whose folds a warm process keeps, per store and fold. */
const REMEMBERED_STREAMS = 1_000;
/** A command that read at least this many events past its base stores a new snapshot. */
export const SNAPSHOT_EVERY = 100;
/** The item of a stream that holds its folds' snapshots: below every commit (versions start at 1). */
export const SNAPSHOT_VERSION = 0;
const snapshotAttribute = (name: string) => `snap_${name}`;

interface StoredSnapshot {
  revision: number;
  version: number;
  lastHash: string;
  /** The folded state, sealed under the stream's key (it holds the stream's personal fields in clear). */
  state: string;
}

/** Per store, the folds a process keeps by `evolve` (a Map: an append advances each of them). */
const foldsOf = new WeakMap<object, Map<Evolution<unknown>['evolve'], LruCache<string, Folded<unknown>>>>();
const newestOf = new WeakMap<object, LruCache<string, number>>();

/**
 * What this process knows of each stream, per store and fold (keyed by the `evolve` function, so a
 * decider and its state half share it): the state after the last load or append here. Any entry may
 * be stale (another process appended since): a command decides on it only through a conditional
 * append, which refuses a stale base, and a load reads every event after it.
 */
function remembered<S>(store: object, evolution: Evolution<S>): LruCache<string, Folded<S>> {
  let byFold = foldsOf.get(store);
  if (!byFold) foldsOf.set(store, (byFold = new Map()));
  const evolve = evolution.evolve as Evolution<unknown>['evolve'];
  let streams = byFold.get(evolve);
  if (!streams) byFold.set(evolve, (streams = new LruCache(REMEMBERED_STREAMS)));
  return streams as LruCache<string, Folded<S>>;
}

function newest(store: object): LruCache<string, number> {
  let versions = newestOf.get(store);
  if (!versions) newestOf.set(store, (versions = new LruCache(REMEMBERED_STREAMS * 4)));
  return versions;
}

/**
 * The fold this process remembers for a stream, when no other fold of this process has seen the
 * stream move past it (another decider of the same stream appended): otherwise undefined, and the
 * next load reads what it missed.
 */
export function rememberedFold<S>(store: object, evolution: Evolution<S>, streamId: string): Folded<S> | undefined {
  const known = remembered(store, evolution).get(streamId);
  if (!known) return undefined;
  return known.version >= (newest(store).get(streamId) ?? 0) ? known : undefined;
}

/** A stream with no events yet, folded: the initial state at version 0, chaining on the genesis hash. */
export const emptyFold = <S>(evolution: Evolution<S>): Folded<S> => ({
  state: evolution.initialState(),
  version: 0,
  lastHash: GENESIS_HASH,
});

/** Records a fold at a version (after an append or a load), and that the stream reached it. */
export function rememberFold<S>(store: object, evolution: Evolution<S>, streamId: string, folded: Folded<S>): void {
  remembered(store, evolution).set(streamId, folded);
  const versions = newest(store);
  if ((versions.get(streamId) ?? 0) < folded.version) versions.set(streamId, folded.version);
}

/**
 * Records what an append of this process did to a stream: the appending fold's new state, and every
 * other fold of the stream that stood at the append's base, advanced by the appended events (a
 * project's stream has two deciders: each would otherwise read back what the other appended). A fold
 * advanced here is what a load would give (the same events, in order, on the state at their base);
 * like any remembered fold it commits only through a conditional append.
 */
export function rememberAppend<S>(
  store: object,
  evolution: Evolution<S>,
  streamId: string,
  base: { version: number; lastHash: string },
  appended: Folded<S> & { events: readonly EvolvingEvent[] },
): void {
  for (const [evolve, streams] of foldsOf.get(store) ?? []) {
    if (evolve === evolution.evolve) continue;
    const other = streams.get(streamId);
    if (!other || other.version !== base.version || other.lastHash !== base.lastHash) continue;
    let state = other.state;
    for (const event of appended.events) state = evolve(state, event);
    streams.set(streamId, { state, version: appended.version, lastHash: appended.lastHash });
  }
  rememberFold(store, evolution, streamId, {
    state: appended.state,
    version: appended.version,
    lastHash: appended.lastHash,
  });
}

export function forgetFold<S>(store: object, evolution: Evolution<S>, streamId: string): void {
  remembered(store, evolution).delete(streamId);
}

/**
 * The fold's stored snapshot of a stream, or null: none, another revision of the fold, or unreadable.
 * A snapshot is derived data (the events are the record): anything doubtful about it means a full fold.
 */
async function readSnapshot<S>(store: EventLog, evolution: Evolution<S>, streamId: string): Promise<Folded<S> | null> {
  const descriptor = evolution.snapshot;
  if (!descriptor) return null;
  const attribute = snapshotAttribute(descriptor.name);
  const stored = (await store.snapshotItem(streamId, SNAPSHOT_VERSION, attribute)) as StoredSnapshot | undefined;
  if (!stored || stored.revision !== descriptor.revision || !Number.isSafeInteger(stored.version) || stored.version < 1)
    return null;
  try {
    const state = await store.codec.openState(streamId, descriptor.name, stored.state);
    return state === undefined ? null : { state: state as S, version: stored.version, lastHash: stored.lastHash };
  } catch {
    return null;
  }
}

/**
 * Stores a fold as its stream's snapshot, unless a newer one is there (`replace`: or one of the same
 * version, for the replay's rebuild). Best effort: a snapshot saves reads, so a failure to write one
 * costs only the next cold load's full fold. Answers whether it was stored.
 */
export async function writeSnapshot<S>(
  store: EventLog,
  evolution: Evolution<S>,
  streamId: string,
  folded: Folded<S>,
  options: { replace?: boolean } = {},
): Promise<boolean> {
  const descriptor = evolution.snapshot;
  // Only a store that appends writes snapshots (a read-only handler is granted no write on the events).
  const writer = store as EventLog & Partial<Pick<EventStore, 'putSnapshot'>>;
  if (!descriptor || !writer.putSnapshot) return false;
  try {
    const snapshot: StoredSnapshot = {
      revision: descriptor.revision,
      version: folded.version,
      lastHash: folded.lastHash,
      state: await store.codec.sealState(streamId, descriptor.name, folded.state),
    };
    await writer.putSnapshot(streamId, SNAPSHOT_VERSION, snapshotAttribute(descriptor.name), snapshot, options);
    return true;
  } catch {
    // A newer snapshot is there, the write failed, or the stream's key is destroyed (nothing more of
    // it may be sealed): either way the events still hold the truth.
    return false;
  }
}

/** Commits a load that knows nothing of a stream reads first, newest first: all of a short stream. */
const NEWEST_COMMITS = 10;

/**
 * The events a load folds and the base it folds them onto: what this process remembers and the
 * events after it; else the stream's newest commits, which are all of a short stream; else the
 * fold's snapshot and the events after it (a long stream: two or three reads, however long).
 */
async function baseAndEvents<S>(
  evolution: Evolution<S>,
  streamId: string,
  store: EventLog,
  start: Folded<S>,
  options: { fresh?: boolean; fromStart?: boolean },
) {
  if (options.fromStart) return { base: start, events: (await store.readStream(streamId)).events };
  const known = options.fresh ? undefined : remembered(store, evolution).get(streamId);
  if (known)
    return {
      base: known,
      events: (await store.readStream(streamId, { from: known.version + 1, afterCommit: true })).events,
    };
  const newest = await store.readNewest(streamId, NEWEST_COMMITS);
  if (newest.fromStart) return { base: start, events: newest.events };
  const base = (await readSnapshot(store, evolution, streamId)) ?? start;
  if (base.version >= newest.firstVersion - 1)
    return { base, events: newest.events.filter((event) => event.version > base.version) };
  const between = await store.readStream(streamId, {
    from: base.version + 1,
    to: newest.firstVersion - 1,
    afterCommit: true,
  });
  return { base, events: [...between.events, ...newest.events] };
}

/**
 * Loads a stream's fold: from what this process remembers, else from the stored snapshot, else from
 * the start, reading only the events after that base. `snapshots: 'write'` (a process that appends)
 * stores a new snapshot when the events read past the base reach SNAPSHOT_EVERY, so a command's
 * cost does not grow with its stream.
 */
export async function loadFold<S>(
  evolution: Evolution<S>,
  streamId: string,
  store: EventLog,
  options: { snapshots?: 'read' | 'write'; fresh?: boolean; fromStart?: boolean } = {},
): Promise<Folded<S> & { read: number }> {
  const start = emptyFold(evolution);
  const { base, events } = await baseAndEvents(evolution, streamId, store, start, options);
  // The first event after the base must chain onto it: a base that does not is not this stream's
  // history (a snapshot written wrongly), and the stream is folded from its start instead.
  if (base.version > 0 && events.length && events[0]!.prevHash !== base.lastHash) {
    forgetFold(store, evolution, streamId);
    return loadFold(evolution, streamId, store, { ...options, fresh: true, fromStart: true });
  }
  let state = base.state;
  for (const event of events) state = evolution.evolve(state, event);
  const folded: Folded<S> = {
    state,
    version: events.at(-1)?.version ?? base.version,
    lastHash: events.at(-1)?.hash ?? base.lastHash,
  };
  rememberFold(store, evolution, streamId, folded);
  const rebuilt = options.fromStart && folded.version > 0 && evolution.snapshot;
  if (options.snapshots === 'write' && (events.length >= SNAPSHOT_EVERY || rebuilt))
    await writeSnapshot(store, evolution, streamId, folded);
  return { ...folded, read: events.length };
}
