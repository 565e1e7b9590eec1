import { GetCommand, paginateQuery, paginateScan, PutCommand } from '@aws-sdk/lib-dynamodb';
import { chainEvents, computeHash, verifyChain } from '../../events/hash-chain.js';
import { GENESIS_HASH, type EventEnvelope } from '../../events/envelope.js';
import { CONFIG_KEY } from '../platform/views/by-time.js';
import { META_KEY, storedEvents, type CommitItem, type EventLog } from '../platform/event-store/event-log.js';
import { advanceSweepMark, recordFirstDay } from '../platform/event-store/event-store.js';
import { SNAPSHOT_VERSION } from '../platform/event-store/folds.js';
import { WritePool, type BrokenChain } from './replay.js';

export interface SealingOptions {
  /** Streams migrated at once (each stream's commits are written in order, one after another). */
  concurrency?: number;
  onProgress?: (progress: { events: number; streams: number; phase: string }) => void;
}

export interface SealingReport {
  streams: number;
  events: number;
  /** Commits written into the target by this run. */
  commitsWritten: number;
  /** Commits an earlier run (or a concurrent one) had written: checked, left as they are. */
  commitsPresent: number;
  /** Personal values of erased subjects (their keys destroyed): written as their erased values. */
  erasedValues: number;
  /** Snapshot items of the source, not copied: the target's folds start from its events. */
  snapshotsDropped: number;
  /** Streams the migration stopped in: a broken source chain, or a target that holds something else. */
  broken: BrokenChain[];
  durationMs: number;
}

interface StreamOutcome {
  events: number;
  written: number;
  present: number;
  erased: number;
  broken?: BrokenChain;
}

/**
 * Migrates a store written before personal fields were sealed into a new events table: every stream,
 * commit by commit in version order, its chain verified as the audit replay verifies it, each event
 * sealed through the target's codec (PersonalDataCodec.sealStored: at the schema version it was
 * written with; values already sealed stay as they are) and chained again over the sealed form
 * (chainEvents, as EventStore.append chains). Everything else of an event (id, version, type, schema
 * version, instant, actor, correlation) and of its commit item (instant, byTime bucket and position,
 * outbox marker) is kept, so the global order is the source's.
 *
 * Snapshots are not copied: a snapshot names the hash of the event it was folded to, which the new
 * chain no longer has, and one written before sealing holds personal data in clear. Dropped, the
 * target's folds start from the events, and the replay's rebuild (or a command's long load) writes
 * new ones, sealed.
 *
 * Resumable: every commit goes in with a conditional put, and a commit already in the target is
 * checked (same event ids and versions, its chain linking onto the target's previous commit, each
 * hash over its content) instead of written, so a re-run after an interruption writes only what is
 * missing. Bounded in memory: one stream at a time per worker, a page of commits at a time.
 */
export class SealingMigration {
  constructor(
    private readonly source: EventLog,
    private readonly target: EventLog,
  ) {}

  async run(options: SealingOptions = {}): Promise<SealingReport> {
    const started = performance.now();
    const report: SealingReport = {
      streams: 0,
      events: 0,
      commitsWritten: 0,
      commitsPresent: 0,
      erasedValues: 0,
      snapshotsDropped: 0,
      broken: [],
      durationMs: 0,
    };
    await this.copyBookkeeping();
    const pool = new WritePool(options.concurrency ?? 8);
    // Stream ids seen: the scan returns a stream's commits one item each. Ids only, not events.
    const seen = new Set<string>();
    const migrate = async (streamId: string) => {
      let outcome: StreamOutcome;
      try {
        outcome = await this.migrateStream(streamId);
      } catch (error) {
        outcome = { events: 0, written: 0, present: 0, erased: 0 };
        outcome.broken = { streamId, version: 0, reason: `not migrated: ${(error as Error).message.slice(0, 300)}` };
      }
      report.events += outcome.events;
      report.commitsWritten += outcome.written;
      report.commitsPresent += outcome.present;
      report.erasedValues += outcome.erased;
      if (outcome.broken) report.broken.push(outcome.broken);
      report.streams += 1;
      if (report.streams % 100 === 0)
        options.onProgress?.({ events: report.events, streams: report.streams, phase: 'migrating' });
    };
    const pages = paginateScan(
      { client: this.source.client },
      {
        TableName: this.source.table,
        ProjectionExpression: '#s, #v',
        ExpressionAttributeNames: { '#s': 'streamId', '#v': 'version' },
      },
    );
    for await (const page of pages) {
      for (const { streamId, version } of (page.Items ?? []) as { streamId: string; version: number }[]) {
        if (streamId === META_KEY.streamId || streamId === CONFIG_KEY.streamId) continue;
        if (version === SNAPSHOT_VERSION) {
          report.snapshotsDropped += 1;
          continue;
        }
        if (seen.has(streamId)) continue;
        seen.add(streamId);
        await pool.add(() => migrate(streamId));
      }
    }
    await pool.drain();
    options.onProgress?.({ events: report.events, streams: report.streams, phase: 'migrated' });
    report.broken.sort((a, b) => (a.streamId < b.streamId ? -1 : 1));
    report.durationMs = Math.round(performance.now() - started);
    return report;
  }

  /**
   * The store's own items: the byTime shard counts (the copied commits keep their buckets, so the
   * target must read the same shards), the first day (where reading everything starts) and the
   * outbox sweep mark.
   */
  private async copyBookkeeping(): Promise<void> {
    const config = await this.item(this.source, CONFIG_KEY);
    if (config) {
      try {
        await this.target.client.send(
          new PutCommand({
            TableName: this.target.table,
            Item: config,
            ConditionExpression: 'attribute_not_exists(streamId)',
          }),
        );
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        const there = await this.item(this.target, CONFIG_KEY);
        if (JSON.stringify(there?.byTimeShards) !== JSON.stringify(config.byTimeShards))
          throw new Error(
            'The target holds other byTime shard counts than the source: the copied buckets would not be read',
          );
      }
    }
    const day = await this.source.firstDay({ fresh: true });
    if (day) await recordFirstDay(this.target, day);
    const meta = await this.item(this.source, META_KEY);
    if (typeof meta?.sweptFrom === 'string') await advanceSweepMark(this.target, meta.sweptFrom);
  }

  private async item(log: EventLog, key: { streamId: string; version: number }) {
    const { Item } = await log.client.send(new GetCommand({ TableName: log.table, Key: key, ConsistentRead: true }));
    return Item;
  }

  private async migrateStream(streamId: string): Promise<StreamOutcome> {
    const outcome: StreamOutcome = { events: 0, written: 0, present: 0, erased: 0 };
    // The source's last verified link, and the target's: the chains differ from the first sealed value on.
    let source = { version: 0, hash: GENESIS_HASH };
    let targetHash = GENESIS_HASH;
    const targetItems = commitItems(this.target, streamId);
    let there = await targetItems.next();
    const stop = (version: number, reason: string) => ({ ...outcome, broken: { streamId, version, reason } });
    for await (const item of commitItems(this.source, streamId)) {
      const events = storedEvents.decode(item);
      const verdict = verifyChain(events, source);
      if (!verdict.intact) return stop(verdict.brokenAt, verdict.reason);
      source = { version: events.at(-1)!.version, hash: events.at(-1)!.hash };
      outcome.events += events.length;
      if (!there.done && there.value.version < item.version)
        return stop(there.value.version, 'the target holds a commit the source does not');
      let existing = !there.done && there.value.version === item.version ? there.value : undefined;
      if (!existing) {
        const { events: sealed, erased } = await this.target.codec.sealStored(streamId, events);
        const stored = chainEvents(
          sealed.map(({ prevHash: _prevHash, hash: _hash, ...event }) => event),
          targetHash,
        );
        try {
          await this.target.client.send(
            new PutCommand({
              TableName: this.target.table,
              Item: { ...item, events: storedEvents.encode(stored) },
              ConditionExpression: 'attribute_not_exists(streamId)',
            }),
          );
          outcome.written += 1;
          outcome.erased += erased;
          targetHash = stored.at(-1)!.hash;
          continue;
        } catch (error) {
          if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
          // Written meanwhile (a concurrent run, or an attempt whose answer was lost): check it as any other.
          existing = (await this.item(this.target, { streamId, version: item.version })) as CommitItem;
        }
      } else {
        there = await targetItems.next();
      }
      const problem = sameCommit(existing, events, targetHash);
      if (problem) return stop(item.version, problem);
      outcome.present += 1;
      targetHash = storedEvents.decode(existing).at(-1)!.hash;
    }
    if (!there.done) return stop(there.value.version, 'the target holds commits past the end of the source');
    return outcome;
  }
}

/** A stream's commit items, oldest first, a page at a time (the snapshot item, version 0, left out). */
async function* commitItems(log: EventLog, streamId: string): AsyncGenerator<CommitItem> {
  const pages = paginateQuery(
    { client: log.client },
    {
      TableName: log.table,
      KeyConditionExpression: 'streamId = :s AND #v >= :first',
      ExpressionAttributeNames: { '#v': 'version' },
      ExpressionAttributeValues: { ':s': streamId, ':first': SNAPSHOT_VERSION + 1 },
      ConsistentRead: true,
    },
  );
  for await (const page of pages) yield* (page.Items ?? []) as CommitItem[];
}

/**
 * Why a commit in the target is not the migration of the source's `events`, or null: the same
 * events (ids, versions, types, instants), linked onto `prevHash`, each hash over its content.
 */
function sameCommit(item: CommitItem, events: readonly EventEnvelope[], prevHash: string): string | null {
  const stored = storedEvents.decode(item);
  if (stored.length !== events.length) return 'the target holds another commit at this version';
  let previous = prevHash;
  for (const [index, event] of stored.entries()) {
    const source = events[index]!;
    if (
      event.eventId !== source.eventId ||
      event.version !== source.version ||
      event.type !== source.type ||
      event.at !== source.at
    )
      return 'the target holds another commit at this version';
    if (event.prevHash !== previous) return 'the target commit does not link onto the one before it';
    if (computeHash(event) !== event.hash) return 'the target commit does not match its hash';
    previous = event.hash;
  }
  return null;
}
