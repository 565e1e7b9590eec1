import { catalogue, type EventEnvelope } from '../../events/index.js';
import type { EventStore } from './event-store.js';
import { Recent } from './recent.js';
import type { ViewItem, ViewStore } from './views.js';

/**
 * A projection of one kind of stream. Its state is folded from the stream's events (usually by the
 * same `evolve` the decider uses); `items` says which read-side items that state shows as, and
 * `eventItems` adds items that belong to one event alone (activity entries), written once.
 */
export interface Projection<S = any> {
  name: string;
  streamPrefix: string;
  initialState(): S;
  evolve(state: S, event: EventEnvelope): S;
  items(state: S, streamId: string): ViewItem[];
  eventItems?(event: EventEnvelope, before: S, after: S): ViewItem[];
  /** Counters this state counts 1 in (`count#…` items): the projector moves the 1 as the state changes. */
  counters?(state: S): string[];
}

export const counterItemKey = (counter: string) => ({ pk: `count#${counter}`, sk: 'n' });

/** A stream's guard slot on counter items (views.addCount). */
function slotOf(streamId: string): number {
  let hash = 0;
  for (let i = 0; i < streamId.length; i += 1) hash = (hash * 31 + streamId.charCodeAt(i)) | 0;
  return Math.abs(hash) % 64;
}

/** +1 for each counter a state entered, -1 for each it left. */
export function counterDeltas(previous: readonly string[], next: readonly string[]): Map<string, number> {
  const deltas = new Map<string, number>();
  for (const counter of previous) deltas.set(counter, (deltas.get(counter) ?? 0) - 1);
  for (const counter of next) deltas.set(counter, (deltas.get(counter) ?? 0) + 1);
  for (const [counter, delta] of deltas) if (delta === 0) deltas.delete(counter);
  return deltas;
}

export const checkpointKey = (projection: string, streamId: string) => ({ pk: `cp#${projection}#${streamId}`, sk: 'cp' });
export const itemKey = (item: Pick<ViewItem, 'pk' | 'sk'>) => `${item.pk}\u0000${item.sk}`;
const MAX_ATTEMPTS = 10;
/** Checkpoints this projector committed last, per (generation, projection, stream). */
const REMEMBERED_CHECKPOINTS = 5_000;

/** A committed step's count changes not yet known to be applied (kept on the checkpoint). */
interface PendingCounts {
  token: string;
  deltas: Record<string, number>;
}

interface Checkpoint {
  version: number;
  state: unknown;
}

/**
 * Applies events to projections so that delivery twice, out of order or with gaps all end in the
 * state a clean replay gives: each (projection, stream) keeps a checkpoint with the last version it
 * applied; an event at or below it is skipped; a gap is filled by reading the missing range from the
 * store; items are written with a version guard, and removed items leave tombstones, so a stale
 * writer cannot bring back an old state; the checkpoint is written last, with a version condition.
 */
export class Projector {
  private readonly committed = new Recent<string, Checkpoint>(REMEMBERED_CHECKPOINTS);
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Pick<EventStore, 'readStream'>,
    private readonly views: ViewStore,
    readonly projections: readonly Projection[],
  ) {}

  matching(streamId: string): Projection[] {
    return this.projections.filter((projection) => streamId.startsWith(projection.streamPrefix));
  }

  async handle(event: EventEnvelope): Promise<void> {
    const upcast = catalogue.upcast(event);
    const generations = await this.views.writeGenerations();
    for (const gen of generations) {
      for (const projection of this.matching(event.streamId)) await this.apply(gen, projection, upcast);
    }
  }

  /**
   * Applies one event. Events of one stream handed to this projector while another of them is being
   * applied wait for it: started together, the later one would find a gap, read it from the store and
   * then lose the checkpoint race to the earlier one (the embedded bus delivers concurrently).
   */
  async apply(gen: number, projection: Projection, event: EventEnvelope): Promise<void> {
    const key = `${gen}\u0000${checkpointKey(projection.name, event.streamId).pk}`;
    const run = (this.inFlight.get(key) ?? Promise.resolve()).then(() => this.applyNow(gen, projection, event, key));
    const settled = run.then(
      () => undefined,
      () => undefined,
    );
    this.inFlight.set(key, settled);
    void settled.then(() => {
      if (this.inFlight.get(key) === settled) this.inFlight.delete(key);
    });
    return run;
  }

  /** `slot` names (generation, projection, stream): the queue above and the remembered checkpoint. */
  private async applyNow(gen: number, projection: Projection, event: EventEnvelope, slot: string): Promise<void> {
    const key = checkpointKey(projection.name, event.streamId);
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      // What this projector committed last saves the read. It may be behind (another instance moved
      // on): versions only grow, so a skip is still right, and a stale base fails the commit below.
      const remembered = attempt === 0 ? this.committed.get(slot) : undefined;
      const { version, state: before } = remembered ?? (await this.readCheckpoint(gen, projection, key, event.streamId));
      if (event.version <= version) return;
      const pending =
        event.version === version + 1
          ? [event]
          : (await this.store.readStream(event.streamId, { from: version + 1, to: event.version })).events;
      let state = before;
      for (const next of pending) {
        const after = projection.evolve(state, next);
        for (const item of projection.eventItems?.(next, state, after) ?? []) await this.views.putOnce(gen, item);
        state = after;
      }
      const reached = pending.at(-1)?.version ?? version;
      if (reached <= version) return;
      await this.writeItems(gen, projection.items(before, event.streamId), projection.items(state, event.streamId), reached);
      // The step's count changes ride on the checkpoint commit (one winner per step) and are applied
      // right after it; one left there by a failure is applied by the next reader of the checkpoint.
      const deltas = projection.counters ? Object.fromEntries(counterDeltas(projection.counters(before), projection.counters(state))) : {};
      const counts: PendingCounts | undefined = Object.keys(deltas).length ? { token: `${projection.name}|${event.streamId}|${version}>${reached}`, deltas } : undefined;
      const committed = await this.views.putIfVersion(gen, { ...key, version: reached, v: reached, state: JSON.stringify(state), ...(counts ? { pending: JSON.stringify(counts) } : {}) }, version);
      if (committed) {
        if (counts) await this.settleCounts(gen, key, event.streamId, reached, counts);
        this.committed.set(slot, { version: reached, state });
        this.views.committed(projection.name);
        return;
      }
      this.committed.delete(slot);
    }
    throw new Error(`Projection ${projection.name} could not apply ${event.streamId}@${event.version}`);
  }

  private async readCheckpoint(gen: number, projection: Projection, key: { pk: string; sk: string }, streamId: string): Promise<Checkpoint> {
    const checkpoint = await this.views.get(gen, key.pk, key.sk, true);
    if (!checkpoint) return { version: 0, state: projection.initialState() };
    const version = (checkpoint.version as number | undefined) ?? 0;
    // Counts a failed writer committed but did not apply: applied now (each step once), then cleared.
    if (typeof checkpoint.pending === 'string') await this.settleCounts(gen, key, streamId, version, JSON.parse(checkpoint.pending) as PendingCounts);
    return { version, state: JSON.parse(checkpoint.state as string) };
  }

  /** Applies a committed step's count changes (guarded by the step's token) and clears them from the checkpoint. */
  private async settleCounts(gen: number, key: { pk: string; sk: string }, streamId: string, version: number, pending: PendingCounts): Promise<void> {
    const step = { slot: slotOf(streamId), token: pending.token };
    for (const [counter, delta] of Object.entries(pending.deltas)) await this.views.addCount(gen, counterItemKey(counter), delta, step);
    await this.views.clearPending(gen, key, version);
  }

  private async writeItems(gen: number, previous: ViewItem[], next: ViewItem[], version: number): Promise<void> {
    const before = new Map(previous.map((item) => [itemKey(item), JSON.stringify(item)]));
    const after = new Set(next.map(itemKey));
    for (const item of next) {
      if (before.get(itemKey(item)) !== JSON.stringify(item)) await this.views.putGuarded(gen, item, version);
    }
    for (const item of previous) {
      if (!after.has(itemKey(item))) await this.views.putGuarded(gen, { pk: item.pk, sk: item.sk, deleted: true }, version);
    }
  }
}
