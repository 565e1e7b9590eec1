import type { EventEnvelope } from '../../../events/envelope.js';
import type { EventStore } from '../event-store/event-store.js';
import { LruCache } from '../lru-cache.js';
import { counterDeltas, counterItemKey, type CounterDeltas } from './counters.js';
import { log } from '../log.js';
import { inStep } from '../observability/call-count.js';
import type { ViewItem, ViewStore } from './views.js';
import { checkpointKey } from './checkpoints.js';
import {
  changes,
  itemKey,
  lookedUpItemsOf,
  lookupVersion,
  NO_LOOKED_UP_ITEMS,
  storedLookedUpItems,
  StreamParkedError,
  type AppliedEvent,
  type LookedUpItems,
  type Projection,
} from './projection.js';

const MAX_ATTEMPTS = 10;
/** Checkpoints this projector committed last, per (generation, projection, stream). */
const REMEMBERED_CHECKPOINTS = 5_000;
/** Dependent streams re-projected at once when what they look up changes. */
const REPROJECT_CONCURRENCY = 8;

/**
 * A committed step's count changes not yet known to be applied (kept on the checkpoint), by counter
 * item: each item is settled by one update, so what is left after a partial failure is whole items.
 */
interface PendingCounts {
  items: CounterDeltas;
}

interface Checkpoint {
  /** The last event applied (by this process, when it is ahead of the store: `stored`). */
  version: number;
  /** The version the stored checkpoint holds, when this process applied later events that changed nothing. */
  stored?: number;
  state: unknown;
  /** What the items were computed from (projections with lookups), and its version. */
  looked: LookedUpItems;
  lv: number;
  /** The mark of an in-place rebuild (Replayer, one stream), carried by every later checkpoint; absent: none. */
  epoch?: string;
}

/**
 * Applies events to projections so that delivery twice, out of order or with gaps all end in the
 * state a clean replay gives: each (projection, stream) keeps a checkpoint with the last version it
 * applied; an event at or below it is skipped; a gap is filled by reading the missing range from the
 * store; items are written with a version guard, and removed items leave tombstones, so a stale
 * writer cannot bring back an old state; the checkpoint is written last, with a version condition.
 */
export class Projector {
  private readonly committed = new LruCache<string, Checkpoint>(REMEMBERED_CHECKPOINTS);
  private readonly inFlight = new Map<string, Promise<void>>();

  constructor(
    private readonly store: Pick<EventStore, 'readStream' | 'upcast'>,
    private readonly views: ViewStore,
    readonly projections: readonly Projection[],
  ) {}

  matching(streamId: string): Projection[] {
    return this.projections.filter((projection) => streamId.startsWith(projection.streamPrefix));
  }

  /**
   * Applies an event to every projection of its stream, in every generation being written. Once it
   * returns, each of them holds the event (committed here or by someone before), so the answer (the
   * events this call committed, with the states around them, once each however many generations a
   * rebuild writes) is safe to announce: whoever reads the views now finds them. An event someone
   * else applied (a redelivery, a gap filled earlier) is not listed: its committer announces it.
   */
  async handle(event: EventEnvelope): Promise<AppliedEvent[]> {
    const upcast = this.store.upcast(event);
    const generations = await this.views.writeGenerations();
    const applied = new Map<string, AppliedEvent>();
    for (const gen of generations) {
      // The projections of one stream share nothing (each its own items and checkpoint): together,
      // and every one settled before a failure is reported (no work of this call outlives it).
      const outcomes = await Promise.allSettled(
        this.matching(event.streamId).map((projection) => this.apply(gen, projection, upcast)),
      );
      const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      for (const outcome of outcomes)
        if (outcome.status === 'fulfilled')
          for (const step of outcome.value) applied.set(`${step.projection}\u0000${step.event.version}`, step);
    }
    return [...applied.values()];
  }

  /**
   * Applies one event. Events of one stream handed to this projector while another of them is being
   * applied wait for it: started together, the later one would find a gap, read it from the store and
   * then lose the checkpoint race to the earlier one (the embedded bus delivers concurrently).
   */
  async apply(gen: number, projection: Projection, event: EventEnvelope): Promise<AppliedEvent[]> {
    const key = `${gen}\u0000${checkpointKey(projection.name, event.streamId).pk}`;
    return this.enqueue(key, () =>
      inStep(`projection ${projection.name}`, () => this.applyUnlessParked(gen, projection, event, key)),
    );
  }

  /**
   * The streams (of one projection, in one generation) whose projection failed on an event: later
   * events of the same stream fail at once, with no read and no fold, until the failed one applies
   * (a redrive after the fix, or its own retries). The event itself is tried in full each time. So a
   * poison event costs its bounded retries and parks the later events of its stream alone (each
   * failing fast into the dead letters, in order for the redrive); every other stream goes on.
   */
  private readonly parked = new LruCache<string, { version: number; reason: string }>(REMEMBERED_CHECKPOINTS);

  /** The streams parked here, for the operator (logs and tests): projection, stream, version, reason. */
  parkedStreams(): { slot: string; version: number; reason: string }[] {
    return this.parked.list().map(([slot, mark]) => ({ slot, ...mark }));
  }

  private async applyUnlessParked(
    gen: number,
    projection: Projection,
    event: EventEnvelope,
    slot: string,
  ): Promise<AppliedEvent[]> {
    const parked = this.parked.get(slot);
    if (parked && event.version > parked.version) {
      throw new StreamParkedError(
        `${projection.name} of ${event.streamId} waits for version ${parked.version}, which it could not apply ` +
          `(${parked.reason})`,
      );
    }
    try {
      const applied = await this.applyNow(gen, projection, event, slot);
      if (parked) this.parked.delete(slot);
      return applied;
    } catch (error) {
      const reason = String((error as Error)?.message ?? error).slice(0, 500);
      if (!parked || event.version < parked.version) this.parked.set(slot, { version: event.version, reason });
      log.error('Projection could not apply an event: later events of its stream wait for it', {
        projection: projection.name,
        streamId: event.streamId,
        version: event.version,
        reason,
      });
      throw error;
    }
  }

  /** Runs `work` after whatever this projector is doing on the same slot (one stream of one projection). */
  private enqueue<T>(key: string, work: () => Promise<T>): Promise<T> {
    const run = (this.inFlight.get(key) ?? Promise.resolve()).then(work);
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
  private async applyNow(
    gen: number,
    projection: Projection,
    event: EventEnvelope,
    slot: string,
  ): Promise<AppliedEvent[]> {
    const key = checkpointKey(projection.name, event.streamId);
    // Items an attempt wrote before its commit failed: a retry writes every item and removes these.
    let attempted: ViewItem[] = [];
    let attemptedLv = 0;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      // What this projector committed last saves the read. It may be behind (another instance moved
      // on): versions only grow, so a skip is still right, and a stale base fails the commit below.
      // A stream's first event most likely finds no checkpoint: none is read. If one is there after all
      // (a redelivery), the guarded writes below change nothing and the commit is refused: read then.
      const remembered =
        attempt > 0
          ? undefined
          : (this.committed.get(slot) ?? (event.version === 1 ? this.emptyCheckpoint(projection) : undefined));
      const checkpoint = remembered ?? (await this.readCheckpoint(gen, projection, key));
      const { version, state: before } = checkpoint;
      if (event.version <= version) {
        await this.dropAttempted(gen, projection, event.streamId, slot, checkpoint, attempted, attemptedLv);
        return [];
      }
      if (version > 0 && projection.settled?.(before)) return [];
      const pending =
        event.version === version + 1
          ? [event]
          : (await this.store.readStream(event.streamId, { from: version + 1, to: event.version })).events;
      let state = before;
      const steps: AppliedEvent[] = [];
      // The version the store's checkpoint holds, and the last of these events that changed what the
      // projection holds (every event, for most projections): the version this step commits.
      const stored = checkpoint.stored ?? version;
      let changedAt = stored;
      for (const next of pending) {
        const after = projection.evolve(state, next);
        const own = projection.eventItems?.(next, state, after) ?? [];
        for (const item of own) await (item.deleted ? this.views.removeOnce(gen, item) : this.views.putOnce(gen, item));
        if (changes(projection, next, state, after, own)) changedAt = next.version;
        steps.push({ projection: projection.name, event: next, before: state, after });
        state = after;
      }
      const reached = pending.at(-1)?.version ?? version;
      if (reached <= version) return [];
      // Nothing this projection holds changed: remembered here, not committed (`commitsChangesOnly`).
      if (changedAt === stored && attempted.length === 0) {
        this.committed.set(slot, { ...checkpoint, version: reached, stored });
        return steps;
      }
      // What the checkpoint looked up is kept while the stream's own events come: a change of a looked-up
      // item re-projects this stream (its projection's `dependents`), and a commit from an older lookup
      // than the stored one is refused (`lv`), so a fresh read each event would find what the re-projection
      // writes anyway. A first commit, and a retry after a lost race, look up afresh.
      const looked =
        version > 0 && attempt === 0 && projection.lookups
          ? checkpoint.looked
          : await this.lookup(gen, projection, state);
      const lv = projection.lookups ? lookupVersion(looked) : undefined;
      const next = projection.items(state, event.streamId, looked);
      const written = await this.writeItems(
        gen,
        [...projection.items(before, event.streamId, checkpoint.looked), ...attempted],
        next,
        changedAt,
        lv,
        attempt > 0,
      );
      attempted = [...attempted, ...written];
      attemptedLv = Math.max(attemptedLv, lv ?? 0);
      // The step's count changes ride on the checkpoint commit (one winner per step) and are applied
      // right after it; one left there by a failure is applied by the next reader of the checkpoint.
      // So does the re-projection of the streams that look this one up, when the step changed it.
      const deltas = projection.counters ? counterDeltas(projection.counters(before), projection.counters(state)) : {};
      const counts: PendingCounts | undefined = Object.keys(deltas).length ? { items: deltas } : undefined;
      const refresh = (projection.dependents ?? []).some((dependent) => dependent.changed(before, state));
      const item: ViewItem & { version: number } = {
        ...projection.onCheckpoint?.(state),
        ...key,
        version: changedAt,
        v: changedAt,
        state: JSON.stringify(state),
        ...(counts ? { pending: JSON.stringify(counts) } : {}),
        ...(refresh ? { dependents: true } : {}),
        ...(projection.lookups ? { looked: storedLookedUpItems(looked) } : {}),
        ...(checkpoint.epoch ? { epoch: checkpoint.epoch } : {}),
      };
      const committed = await this.views.putIfVersion(gen, item, stored, lv, checkpoint.epoch ?? null);
      if (committed) {
        if (counts) await this.settleCounts(gen, key, changedAt, JSON.stringify(counts));
        // Remembered once the dependents are done: a failure there leaves the mark for a redelivery to find.
        if (refresh) await this.refreshDependents(gen, projection, key, changedAt, state);
        const mine: Checkpoint = {
          version: reached,
          ...(changedAt < reached ? { stored: changedAt } : {}),
          state,
          looked,
          lv: lv ?? 0,
          epoch: checkpoint.epoch,
        };
        this.committed.set(slot, mine);
        // A stream projected for the first time may have been missed by a re-projection that listed
        // its dependents just before (the listing did not hold it yet): look again, now it does.
        if (version === 0 && projection.lookups) await this.reprojectNow(gen, projection, event.streamId, slot, mine);
        this.views.committed(projection.name);
        return steps;
      }
      this.committed.delete(slot);
    }
    throw new Error(`Projection ${projection.name} could not apply ${event.streamId}@${event.version}`);
  }

  /**
   * After a lost commit race, when the winner's checkpoint already covers this step. What the lost
   * attempts wrote may still stand where the winner wrote nothing (it writes only what changed from
   * its base, and these items did not: a stream that went back to an earlier status), or hold keys
   * the winner's items do not (a client's old name words): each is set to the winner's item, or
   * removed, at the winner's versions. When this attempt looked up something newer than the winner
   * did, the stream is re-projected with a fresh lookup instead, which does the same.
   */
  private async dropAttempted(
    gen: number,
    projection: Projection,
    streamId: string,
    slot: string,
    checkpoint: Checkpoint,
    attempted: ViewItem[],
    attemptedLv: number,
  ): Promise<void> {
    if (attempted.length === 0) return;
    if (projection.lookups && attemptedLv > checkpoint.lv)
      return this.reprojectNow(gen, projection, streamId, slot, checkpoint, attempted);
    const touched = new Set(attempted.map(itemKey));
    const winner = projection.items(checkpoint.state, streamId, checkpoint.looked);
    await this.writeItems(
      gen,
      attempted,
      winner.filter((item) => touched.has(itemKey(item))),
      checkpoint.version,
      projection.lookups ? checkpoint.lv : undefined,
      true,
    );
  }

  /** The items a projection with lookups shows from, read in one strongly consistent batch. */
  private async lookup(gen: number, projection: Projection, state: unknown): Promise<LookedUpItems> {
    const keys = projection.lookups?.(state) ?? [];
    return keys.length ? lookedUpItemsOf(await this.views.batchGet(gen, keys, true)) : NO_LOOKED_UP_ITEMS;
  }

  /**
   * Re-projects one stream from its checkpoint with a fresh lookup (what it looks up changed), in the
   * same queue as the stream's events in this process. Retried when the stream moved on meanwhile
   * (its commit is refused) until the checkpoint holds a lookup at least as new as the one read.
   */
  reproject(gen: number, projection: Projection, streamId: string): Promise<void> {
    const slot = `${gen}\u0000${checkpointKey(projection.name, streamId).pk}`;
    return this.enqueue(slot, () => this.reprojectNow(gen, projection, streamId, slot));
  }

  private async reprojectNow(
    gen: number,
    projection: Projection,
    streamId: string,
    slot: string,
    known?: Checkpoint,
    written: ViewItem[] = [],
  ): Promise<void> {
    const key = checkpointKey(projection.name, streamId);
    let attempted: ViewItem[] = written;
    let attemptedLv = 0;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      // A remembered checkpoint ahead of the stored one (`stored`) is read again: the commit below needs its version.
      const checkpoint =
        attempt === 0 && known && known.stored === undefined ? known : await this.readCheckpoint(gen, projection, key);
      // Not projected yet: its first commit looks up for itself.
      if (checkpoint.version === 0) return;
      const looked = await this.lookup(gen, projection, checkpoint.state);
      const lv = lookupVersion(looked);
      if (lv <= checkpoint.lv)
        return this.dropAttempted(gen, projection, streamId, slot, checkpoint, attempted, attemptedLv);
      const next = projection.items(checkpoint.state, streamId, looked);
      const written = await this.writeItems(
        gen,
        [...projection.items(checkpoint.state, streamId, checkpoint.looked), ...attempted],
        next,
        checkpoint.version,
        lv,
        attempted.length > 0,
      );
      attempted = [...attempted, ...written];
      attemptedLv = Math.max(attemptedLv, lv);
      const item = {
        ...projection.onCheckpoint?.(checkpoint.state),
        ...key,
        version: checkpoint.version,
        v: checkpoint.version,
        state: JSON.stringify(checkpoint.state),
        looked: storedLookedUpItems(looked),
        ...(checkpoint.epoch ? { epoch: checkpoint.epoch } : {}),
      };
      if (await this.views.putIfVersion(gen, item, checkpoint.version, lv, checkpoint.epoch ?? null)) {
        this.committed.set(slot, { ...checkpoint, looked, lv });
        this.views.committed(projection.name);
        return;
      }
      this.committed.delete(slot);
    }
    throw new Error(`Projection ${projection.name} could not re-project ${streamId}`);
  }

  /** Re-projects the streams that look up this stream's items, then clears the mark on its checkpoint. */
  private async refreshDependents(
    gen: number,
    projection: Projection,
    key: { pk: string; sk: string },
    version: number,
    state: unknown,
  ): Promise<void> {
    for (const dependent of projection.dependents ?? []) {
      const target = this.projections.find((candidate) => candidate.name === dependent.projection);
      const listing = dependent.streams(state);
      if (!target || !listing) continue;
      const streams = [...new Set((await this.views.query(gen, listing)).map((item) => dependent.streamOf(item)))];
      for (let i = 0; i < streams.length; i += REPROJECT_CONCURRENCY) {
        await Promise.all(
          streams.slice(i, i + REPROJECT_CONCURRENCY).map((streamId) => this.reproject(gen, target, streamId)),
        );
      }
    }
    await this.views.clearPending(gen, key, version, 'dependents');
  }

  private emptyCheckpoint(projection: Projection): Checkpoint {
    return { version: 0, state: projection.initialState(), looked: NO_LOOKED_UP_ITEMS, lv: 0 };
  }

  private async readCheckpoint(
    gen: number,
    projection: Projection,
    key: { pk: string; sk: string },
  ): Promise<Checkpoint> {
    const checkpoint = await this.views.get(gen, key.pk, key.sk, true);
    if (!checkpoint) return this.emptyCheckpoint(projection);
    const version = (checkpoint.version as number | undefined) ?? 0;
    const state = JSON.parse(checkpoint.state as string);
    // Counts a failed writer committed but did not apply: applied now (each step once), then cleared.
    if (typeof checkpoint.pending === 'string') await this.settleCounts(gen, key, version, checkpoint.pending);
    // Likewise a re-projection of its dependents that did not finish.
    if (checkpoint.dependents) await this.refreshDependents(gen, projection, key, version, state);
    const looked =
      typeof checkpoint.looked === 'string'
        ? lookedUpItemsOf(JSON.parse(checkpoint.looked) as ViewItem[])
        : NO_LOOKED_UP_ITEMS;
    const epoch = typeof checkpoint.epoch === 'string' ? checkpoint.epoch : undefined;
    return { version, state, looked, lv: Number(checkpoint.lv ?? 0), ...(epoch ? { epoch } : {}) };
  }

  /** Applies a committed step's count changes (once each: views.addCounts) and clears them from the checkpoint. */
  private async settleCounts(
    gen: number,
    key: { pk: string; sk: string },
    version: number,
    stored: string,
  ): Promise<void> {
    const pending = JSON.parse(stored) as Partial<PendingCounts>;
    // The guard's owner is the checkpoint: two projections of one stream count apart.
    const step = { owner: key.pk, version };
    // Pending counts of the layout before counter items were grouped (`deltas`: one per counter) name
    // items this layout no longer reads; the rebuild that layout 7 asks for recounts them all.
    const entries = Object.entries(pending.items ?? {});
    // Each item has its own guard: all at once, every one settled before going on.
    const outcomes = await Promise.allSettled(
      entries.map(([item, fields]) => this.views.addCounts(gen, counterItemKey(item), fields, step)),
    );
    const left = entries.filter((_, i) => outcomes[i]!.status === 'rejected');
    if (left.length) {
      // Only the items left stay on the checkpoint, so a settle much later (a redrive, after the
      // items' guards expired) cannot apply the others again. Best effort: when this write fails
      // too, the guards still refuse a re-settle within their lifetime.
      if (left.length < entries.length) {
        const rest: PendingCounts = { items: Object.fromEntries(left) };
        await this.views.narrowPending(gen, key, version, stored, JSON.stringify(rest)).catch(() => undefined);
      }
      throw (outcomes.find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult).reason;
    }
    await this.views.clearPending(gen, key, version);
  }

  /**
   * Writes the items that changed from `previous` to `next` (all of `next` when `all`: a retry, whose
   * earlier attempt may have left others) and tombstones for those that went. Answers the items of
   * `next` it wrote (a guard that found a newer item wrote nothing): all a lost attempt may have to undo.
   */
  private async writeItems(
    gen: number,
    previous: ViewItem[],
    next: ViewItem[],
    version: number,
    lv?: number,
    all = false,
  ): Promise<ViewItem[]> {
    const before = new Map(previous.map((item) => [itemKey(item), JSON.stringify(item)]));
    const after = new Set(next.map(itemKey));
    const writes: ViewItem[] = next.filter((item) => all || before.get(itemKey(item)) !== JSON.stringify(item));
    const gone = new Set<string>();
    for (const item of previous) {
      const key = itemKey(item);
      if (after.has(key) || gone.has(key)) continue;
      gone.add(key);
      writes.push({ pk: item.pk, sk: item.sk, deleted: true });
    }
    // Distinct items, each guarded by its version: written together, and all settled before the
    // checkpoint (or a retry) comes, so no write of this attempt is still under way after it.
    // A rewrite (`all`: a retry, a restore) may replace items of its own version: see putGuarded.
    const outcomes = await Promise.allSettled(writes.map((item) => this.views.putGuarded(gen, item, version, lv, all)));
    const failed = outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    if (failed) throw failed.reason;
    const landed = new Set(
      writes.filter((_, i) => (outcomes[i] as PromiseFulfilledResult<boolean>).value).map((item) => itemKey(item)),
    );
    return next.filter((item) => landed.has(itemKey(item)));
  }
}
