import { randomUUID } from 'node:crypto';
import { ScanCommand, BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { catalogue } from './catalogue.js';
import { computeHash } from '../../events/hash-chain.js';
import { GENESIS_HASH, type EventEnvelope } from '../../events/envelope.js';
import type { Commit, EventLog } from '../platform/event-store/event-log.js';
import { Projector } from '../platform/views/projector.js';
import { checkpointKey } from '../platform/views/checkpoints.js';
import {
  changes,
  itemKey,
  lookedUpItemsOf,
  lookupVersion,
  storedLookedUpItems,
  type LookedUpItems,
  type Projection,
} from '../platform/views/projection.js';
import type { ViewItem, ViewStore } from '../platform/views/views.js';
import { readAll } from '../platform/event-store/event-log.js';
import { writeSnapshot } from '../platform/event-store/folds.js';
import type { Evolution } from '../platform/decider.js';
import { VIEWS_LAYOUT } from '../platform/views/layout.js';
import { counterItems, recount } from '../platform/views/counters.js';

export interface ReplayOptions {
  /** Verify chains and schemas only; write nothing. */
  dryRun?: boolean;
  /** Only this stream (verification and the rebuild of its items in the active generation). */
  streamId?: string;
  /** Only events at or before this instant. */
  until?: string;
  /** Keep the old generation's items after the switch (default: delete them). */
  keepOld?: boolean;
  onProgress?: (progress: { events: number; streams: number; phase: string }) => void;
}

export interface BrokenChain {
  streamId: string;
  version: number;
  reason: string;
}

export interface ReplayReport {
  streams: number;
  events: number;
  durationMs: number;
  eventsPerSecond: number;
  broken: BrokenChain[];
  schemaErrors: { streamId: string; version: number; type: string; message: string }[];
  generation: { from: number; to: number } | null;
  itemsWritten: number;
  /** Deciders' snapshots rewritten from the fold of their whole stream (none with `until` or a dry run). */
  snapshotsWritten: number;
}

/** A decider's fold whose stored snapshots the replay rebuilds: of the streams starting with `streamPrefix`. */
export interface SnapshotFold {
  streamPrefix: string;
  evolution: Evolution<any>;
}

interface StreamCursor {
  version: number;
  hash: string;
  broken: boolean;
}

/** A small pool: at most `limit` writes in flight. */
export class WritePool {
  private inFlight = new Set<Promise<unknown>>();
  constructor(private readonly limit: number) {}
  async add(work: () => Promise<unknown>): Promise<void> {
    while (this.inFlight.size >= this.limit) await Promise.race(this.inFlight);
    const promise = work().finally(() => this.inFlight.delete(promise));
    this.inFlight.add(promise);
  }
  async drain(): Promise<void> {
    await Promise.all(this.inFlight);
  }
}

/**
 * The audit replay: reads every stream in global order, checks each stream's hash chain and each
 * event against its schema (upcasting old versions), and rebuilds every projection into a fresh
 * generation of the views. Live consumers write the generation being built too (ViewStore), so
 * nothing that happens during the rebuild is lost; readers switch only once it is complete.
 */
export class Replayer {
  constructor(
    private readonly store: EventLog,
    private readonly views: ViewStore,
    private readonly projections: readonly Projection[],
    private readonly snapshotFolds: readonly SnapshotFold[] = [],
  ) {}

  /** The items the stored checkpoint's state shows (none without a checkpoint). */
  private async itemsOfCheckpoint(gen: number, projection: Projection, streamId: string): Promise<ViewItem[]> {
    const key = checkpointKey(projection.name, streamId);
    const checkpoint = await this.views.get(gen, key.pk, key.sk, true);
    if (typeof checkpoint?.state !== 'string') return [];
    const looked =
      typeof checkpoint.looked === 'string' ? lookedUpItemsOf(JSON.parse(checkpoint.looked) as ViewItem[]) : undefined;
    return projection.items(JSON.parse(checkpoint.state), streamId, looked);
  }

  async run(options: ReplayOptions = {}): Promise<ReplayReport> {
    const started = performance.now();
    const cursors = new Map<string, StreamCursor>();
    const broken: BrokenChain[] = [];
    const schemaErrors: ReplayReport['schemaErrors'] = [];
    const states = new Map<string, { projection: Projection; streamId: string; state: unknown; version: number }>();
    // Snapshots are derived data: a rebuild of the whole history also rewrites them from the events.
    const folds = new Map<
      string,
      { fold: SnapshotFold; streamId: string; state: unknown; version: number; lastHash: string }
    >();
    const pool = new WritePool(16);
    let events = 0;
    let itemsWritten = 0;
    let snapshotsWritten = 0;
    let lastPosition: string | undefined;
    const buffer: ViewItem[] = [];
    // Removals of items written once (a rejected comment): written after every other item, since the
    // batches go out together and a removal must land after what it removes.
    const removals = new Map<string, ViewItem>();
    // Rebuilt in place: items the old state showed and the new one does not, and the partitions'
    // tombstones, deleted outright (their keys, search words, can hold what was erased).
    const erased: { pk: string; sk: string }[] = [];
    const flush = async (all = false) => {
      while (buffer.length >= 25 || (all && buffer.length > 0)) {
        const batch = buffer.splice(0, 100);
        itemsWritten += batch.length;
        await pool.add(() => this.views.putMany(target, batch));
      }
    };

    const rebuild = !options.dryRun;
    const rebuildSnapshots = rebuild && !options.until;
    const before = await this.views.generations(true);
    const epoch = options.streamId ? randomUUID() : undefined;
    const target = options.streamId ? before.active : Math.max(before.active, before.building ?? 0) + 1;
    if (rebuild && !options.streamId) await this.views.setGenerations({ ...before, building: target });

    const commits: AsyncIterable<Commit> = options.streamId
      ? this.streamCommits(options.streamId, options.until)
      : readAll(this.store, { raw: true, until: options.until });
    // Global order is time order; a stream's commits can still arrive out of version order (clocks
    // of concurrent writers differ), so an early arrival waits here until its predecessor is seen.
    const waiting = new Map<string, Map<number, EventEnvelope>>();
    const accept = async (raw: EventEnvelope): Promise<void> => {
      const cursor = cursors.get(raw.streamId)!;
      const failure = checkLink(raw, cursor);
      if (failure) {
        cursor.broken = true;
        broken.push({ streamId: raw.streamId, version: failure.version, reason: failure.reason });
        return;
      }
      cursor.version = raw.version;
      cursor.hash = raw.hash;
      let event: EventEnvelope;
      try {
        // The chain is checked over the stored, sealed form; the folds take it opened, then upcast.
        event = catalogue.upcast((await this.store.open([raw]))[0]!);
      } catch (error) {
        schemaErrors.push({
          streamId: raw.streamId,
          version: raw.version,
          type: raw.type,
          message: (error as Error).message.slice(0, 300),
        });
        return;
      }
      if (!rebuild) return;
      if (rebuildSnapshots) {
        for (const fold of this.snapshotFolds) {
          if (!raw.streamId.startsWith(fold.streamPrefix)) continue;
          const key = `${fold.evolution.snapshot?.name}\u0000${raw.streamId}`;
          const entry = folds.get(key) ?? {
            fold,
            streamId: raw.streamId,
            state: fold.evolution.initialState(),
            version: 0,
            lastHash: GENESIS_HASH,
          };
          entry.state = fold.evolution.evolve(entry.state, event);
          entry.version = event.version;
          entry.lastHash = raw.hash;
          folds.set(key, entry);
        }
      }
      for (const projection of this.projections) {
        if (!raw.streamId.startsWith(projection.streamPrefix)) continue;
        const key = `${projection.name}\u0000${raw.streamId}`;
        const entry = states.get(key) ?? {
          projection,
          streamId: raw.streamId,
          state: projection.initialState(),
          version: 0,
        };
        // As the live projector does: a settled state takes no more events (its checkpoint stays put).
        if (entry.version > 0 && projection.settled?.(entry.state)) continue;
        const after = projection.evolve(entry.state, event);
        const own = projection.eventItems?.(event, entry.state, after) ?? [];
        for (const item of own)
          if (item.deleted) removals.set(itemKey(item), item);
          else buffer.push(item);
        // As the live projector does: the checkpoint holds the last event that changed something.
        if (changes(projection, event, entry.state, after, own)) entry.version = event.version;
        entry.state = after;
        states.set(key, entry);
      }
    };

    for await (const commit of commits) {
      if (!lastPosition || commit.position > lastPosition) lastPosition = commit.position;
      for (const raw of commit.events) {
        events += 1;
        const cursor = cursors.get(raw.streamId) ?? { version: 0, hash: GENESIS_HASH, broken: false };
        cursors.set(raw.streamId, cursor);
        if (cursor.broken) continue;
        if (raw.version > cursor.version + 1) {
          if (!waiting.has(raw.streamId)) waiting.set(raw.streamId, new Map());
          waiting.get(raw.streamId)!.set(raw.version, raw);
          continue;
        }
        await accept(raw);
        const queue = waiting.get(raw.streamId);
        while (queue?.has(cursor.version + 1) && !cursor.broken) {
          const next = queue.get(cursor.version + 1)!;
          queue.delete(next.version);
          await accept(next);
        }
      }
      if (buffer.length >= 100) await flush();
      if (events % 1000 < commit.events.length)
        options.onProgress?.({ events, streams: cursors.size, phase: 'reading' });
    }
    for (const [streamId, queue] of waiting) {
      const cursor = cursors.get(streamId)!;
      if (queue.size > 0 && !cursor.broken) {
        cursor.broken = true;
        broken.push({
          streamId,
          version: cursor.version + 1,
          reason: `version ${cursor.version + 1} is missing (found ${Math.min(...queue.keys())})`,
        });
      }
    }

    if (rebuild) {
      let written = 0;
      // Projections that look up others' items (a project's client card) are written last, from the
      // items the others' final states show, as the live projector would find them now.
      const entries = [...states.values()];
      const looking = entries.filter(({ projection }) => projection.lookups);
      const wanted = new Set(looking.flatMap(({ projection, state }) => projection.lookups!(state).map(itemKey)));
      const found = new Map<string, ViewItem>();
      if (options.streamId && wanted.size > 0) {
        // One stream rebuilt in place: what it looks up is another stream's, as the views hold it.
        const keys = [...new Set(looking.flatMap(({ projection, state }) => projection.lookups!(state)))];
        for (const item of await this.views.batchGet(target, keys, true)) found.set(itemKey(item), item);
      }
      for (const { projection, streamId, state, version } of [
        ...entries.filter(({ projection }) => !projection.lookups),
        ...looking,
      ]) {
        let lookup: { looked: LookedUpItems; lv: number } | undefined;
        if (projection.lookups) {
          const looked = lookedUpItemsOf(projection.lookups(state).flatMap((key) => found.get(itemKey(key)) ?? []));
          lookup = { looked, lv: lookupVersion(looked) };
        }
        const items = projection.items(state, streamId, lookup?.looked);
        for (const item of items) {
          const stored = { ...item, v: version, ...(lookup ? { lv: lookup.lv } : {}) };
          if (wanted.has(itemKey(item))) found.set(itemKey(item), stored);
          buffer.push(stored);
        }
        // Rebuilt in place: what the old checkpoint's state showed and this one does not (search words of
        // a title that now reads erased) is removed, as the live projector removes what a step drops.
        if (options.streamId) {
          const kept = new Set(items.map(itemKey));
          const old = await this.itemsOfCheckpoint(target, projection, streamId);
          erased.push(...old.filter((item) => !kept.has(itemKey(item))).map(({ pk, sk }) => ({ pk, sk })));
          for (const pk of new Set([...items, ...old].map((item) => item.pk)))
            for (const tombstone of await this.views.tombstonesOf(target, pk))
              if (!kept.has(itemKey(tombstone))) erased.push(tombstone);
        }
        buffer.push({
          ...projection.onCheckpoint?.(state),
          ...checkpointKey(projection.name, streamId),
          version,
          v: version,
          state: JSON.stringify(state),
          // Rebuilt in place: a projector that remembers the old checkpoint must not build on it.
          ...(epoch ? { epoch } : {}),
          ...(lookup ? { looked: storedLookedUpItems(lookup.looked), lv: lookup.lv } : {}),
        });
        await flush();
        written += 1;
        if (written % 1000 === 0) options.onProgress?.({ events, streams: cursors.size, phase: 'writing' });
      }
      await flush(true);
      await pool.drain();
      buffer.push(...removals.values());
      await flush(true);
      await pool.drain();
      if (erased.length > 0)
        await this.views.deleteMany(target, [...new Map(erased.map((k) => [itemKey(k), k])).values()]);
      // Each snapshot fold's state of an intact stream replaces its stored snapshot (or one older);
      // a live command that stored a newer one since keeps it. A broken stream keeps none of ours.
      for (const { fold, streamId, state, version, lastHash } of folds.values()) {
        if (cursors.get(streamId)?.broken) continue;
        const folded = { state, version, lastHash };
        if (await writeSnapshot(this.store, fold.evolution, streamId, folded, { replace: true })) snapshotsWritten += 1;
      }
      if (!options.streamId) {
        // Counters are recounted from the final states, written after every checkpoint, one item per group.
        const counts = recount([...states.values()].map(({ projection, state }) => projection.counters?.(state) ?? []));
        await this.views.putMany(target, counterItems(counts));
        // Consumers wrote this generation too while the rebuild ran, but the unconditional batch
        // writes may have covered some of that: apply everything committed since the last position
        // read, through the projector's version checks, before readers switch.
        const projector = new Projector(this.store, this.views, this.projections);
        for await (const commit of readAll(this.store, { after: lastPosition })) {
          for (const event of commit.events)
            for (const projection of projector.matching(event.streamId))
              await projector.apply(target, projection, event);
        }
        // The new generation holds every item this code's projections write: record their layout.
        await this.views.setGenerations({ active: target, building: null, layout: VIEWS_LAYOUT });
        if (!options.keepOld) await this.deleteGeneration(before.active);
      }
    }

    const durationMs = Math.round(performance.now() - started);
    return {
      streams: cursors.size,
      events,
      durationMs,
      eventsPerSecond: Math.round((events / Math.max(durationMs, 1)) * 1000),
      broken,
      schemaErrors,
      generation: rebuild && !options.streamId ? { from: before.active, to: target } : null,
      itemsWritten,
      snapshotsWritten,
    };
  }

  private async *streamCommits(streamId: string, until?: string): AsyncGenerator<Commit> {
    const slice = await this.store.readStream(streamId, { raw: true });
    const events = until ? slice.events.filter((event) => event.at <= until) : slice.events;
    if (events.length)
      yield {
        streamId,
        firstVersion: events[0]!.version,
        lastVersion: events.at(-1)!.version,
        position: events[0]!.eventId,
        events,
        stored: events,
      };
  }

  /** Removes every item of a retired generation (its keys all start with `<generation>#`). */
  private async deleteGeneration(gen: number): Promise<void> {
    const client = this.views.client;
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await client.send(
        new ScanCommand({
          TableName: this.views.tableName,
          FilterExpression: 'begins_with(pk, :g)',
          ExpressionAttributeValues: { ':g': `${gen}#` },
          ProjectionExpression: 'pk, sk',
          ExclusiveStartKey: startKey,
        }),
      );
      const keys = page.Items ?? [];
      for (let i = 0; i < keys.length; i += 25) {
        let request: Record<string, any> | undefined = {
          [this.views.tableName]: keys.slice(i, i + 25).map((Key) => ({ DeleteRequest: { Key } })),
        };
        for (let attempt = 0; request && Object.keys(request).length && attempt < 8; attempt += 1) {
          const result: { UnprocessedItems?: Record<string, any> } = await client.send(
            new BatchWriteCommand({ RequestItems: request }),
          );
          request = result.UnprocessedItems;
        }
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
}

/** Checks one event against the last verified link of its stream. */
function checkLink(event: EventEnvelope, cursor: StreamCursor): { version: number; reason: string } | null {
  if (event.version !== cursor.version + 1)
    return { version: cursor.version + 1, reason: `version ${cursor.version + 1} is missing (found ${event.version})` };
  if (event.prevHash !== cursor.hash)
    return { version: event.version, reason: 'prevHash does not match the previous event' };
  if (computeHash(event) !== event.hash) return { version: event.version, reason: 'content does not match its hash' };
  return null;
}
