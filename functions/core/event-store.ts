import { GetCommand, PutCommand, QueryCommand, UpdateCommand, paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GENESIS_HASH, catalogue as defaultCatalogue, computeHash, type Actor, type EventCatalogue, type EventEnvelope, type NewEvent } from '../../events/index.js';
import { bucketKey, CONFIG_KEY, dayOf, daysBetween, DEFAULT_BY_TIME, shardOf, shardsInEffect, shardsToRead, type ByTimeShards } from './by-time.js';
import { ConcurrencyError } from './errors.js';
import { decodeTime } from 'ulid';
import { newId } from './ids.js';

export { daysBetween, shardsInEffect, shardsToRead, type ByTimeShards } from './by-time.js';

/** A commit may carry at most this many events: reads from a version look back this far. */
export const MAX_EVENTS_PER_COMMIT = 100;
const META_KEY = { streamId: '$meta', version: 0 };

export interface CommitMeta {
  actor: Actor;
  /** Not stored: lets deciders recognise a designer pre-authorised by e-mail. */
  actorEmail?: string;
  correlationId?: string;
  causationId?: string | null;
}

export interface Commit {
  streamId: string;
  firstVersion: number;
  lastVersion: number;
  position: string;
  events: EventEnvelope[];
}

export interface StreamSlice {
  streamId: string;
  events: EventEnvelope[];
  version: number;
  lastHash: string;
}

interface CommitItem {
  streamId: string;
  version: number;
  last: number;
  events: string;
  at: string;
  bucket: string;
  position: string;
  outbox?: string;
}

export interface EventStoreOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  catalogue?: EventCatalogue;
  now?: () => Date;
}

/**
 * The event store on DynamoDB. One command appends one commit as a single conditional PutItem on
 * (streamId, first version): two writers who read the same version collide on the same key, so
 * versions stay contiguous without transactions (which the embedded DynamoDB does not have).
 */
export class EventStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly catalogue: EventCatalogue;
  private readonly now: () => Date;
  private firstDayKnown: string | null = null;
  private byTime: ByTimeShards[] | null = null;
  private byTimeRead: Promise<ByTimeShards[]> | null = null;
  /** The first-day write in flight: concurrent first appends share it instead of racing their own. */
  private dayInFlight: Promise<void> | null = null;

  constructor(options: EventStoreOptions) {
    this.client = options.client;
    this.table = options.tableName;
    this.catalogue = options.catalogue ?? defaultCatalogue;
    this.now = options.now ?? (() => new Date());
  }

  /** Appends after `expected` (the version and hash last read); throws ConcurrencyError if it moved. */
  async append(streamId: string, newEvents: readonly NewEvent[], expected: { version: number; hash: string }, meta: CommitMeta): Promise<Commit> {
    if (newEvents.length === 0) throw new Error('Nothing to append');
    if (newEvents.length > MAX_EVENTS_PER_COMMIT) throw new Error(`A commit holds at most ${MAX_EVENTS_PER_COMMIT} events`);
    const at = this.now().toISOString();
    const correlationId = meta.correlationId ?? newId();
    let prevHash = expected.hash;
    const events: EventEnvelope[] = newEvents.map((event, index) => {
      const unsigned = {
        streamId,
        version: expected.version + index + 1,
        type: event.type,
        schemaVersion: this.catalogue.currentVersion(event.type),
        eventId: newId(),
        at,
        actor: meta.actor,
        correlationId,
        causationId: meta.causationId ?? null,
        data: event.data as Record<string, unknown>,
        prevHash,
      };
      const hash = computeHash(unsigned);
      prevHash = hash;
      return { ...unsigned, hash };
    });
    const position = events[0]!.eventId;
    const day = dayOf(at);
    // Known after the container's first commit: no await, no request on the common path.
    if (!this.firstDayKnown || this.firstDayKnown > day) await this.rememberDay(day);
    const item: CommitItem = {
      streamId,
      version: expected.version + 1,
      last: expected.version + events.length,
      events: JSON.stringify(events),
      at,
      bucket: bucketKey(day, shardOf(streamId, await this.shardsToWrite(day))),
      position,
      outbox: 'pending',
    };
    try {
      await this.client.send(
        new PutCommand({ TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(streamId)' }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      // An attempt that timed out or lost its connection may still have landed, and the SDK's retry
      // then collides with it. The commit at this key is ours if it carries our position (the first
      // event's id, unique to this append): then the append succeeded, once.
      if (!(await this.isOwnCommit(streamId, item.version, position))) throw new ConcurrencyError(streamId, expected.version);
    }
    return { streamId, firstVersion: item.version, lastVersion: item.last, position, events };
  }

  private async isOwnCommit(streamId: string, version: number, position: string): Promise<boolean> {
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table, Key: { streamId, version }, ConsistentRead: true, ProjectionExpression: '#p', ExpressionAttributeNames: { '#p': 'position' } }),
    );
    return (Item as Pick<CommitItem, 'position'> | undefined)?.position === position;
  }

  /** Events of one stream with from ≤ version ≤ to, oldest first, upcast to current schemas. */
  async readStream(streamId: string, options: { from?: number; to?: number; raw?: boolean } = {}): Promise<StreamSlice> {
    const from = options.from ?? 1;
    const to = options.to ?? Number.MAX_SAFE_INTEGER;
    const events: EventEnvelope[] = [];
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.table,
        KeyConditionExpression: 'streamId = :s AND #v BETWEEN :a AND :b',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':s': streamId, ':a': Math.max(1, from - MAX_EVENTS_PER_COMMIT + 1), ':b': to },
        ConsistentRead: true,
      },
    );
    for await (const page of pages) {
      for (const item of (page.Items ?? []) as CommitItem[]) {
        for (const event of JSON.parse(item.events) as EventEnvelope[]) {
          if (event.version >= from && event.version <= to) events.push(options.raw ? event : this.catalogue.upcast(event));
        }
      }
    }
    const last = events.at(-1);
    return { streamId, events, version: last?.version ?? (from > 1 ? from - 1 : 0), lastHash: last?.hash ?? GENESIS_HASH };
  }

  /**
   * The event at `version` of a stream (upcast), or undefined: one item read, the last commit that
   * starts at or before it (a consumer checking a delivered event against the store).
   */
  async readEvent(streamId: string, version: number): Promise<EventEnvelope | undefined> {
    const page = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'streamId = :s AND #v <= :v',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':s': streamId, ':v': version },
        ScanIndexForward: false,
        Limit: 1,
        ConsistentRead: true,
      }),
    );
    const item = page.Items?.[0] as CommitItem | undefined;
    if (!item || item.last < version) return undefined;
    const event = (JSON.parse(item.events) as EventEnvelope[]).find((candidate) => candidate.version === version);
    return event && this.catalogue.upcast(event);
  }

  /**
   * Every commit in global (time) order: day by day, merging the day's shards by position.
   * `after` resumes past a position; `until` stops at an instant (audits "as of").
   */
  async *readAll(options: { after?: string; until?: string; pageSize?: number; raw?: boolean } = {}): AsyncGenerator<Commit> {
    const firstDay = await this.firstDay();
    if (!firstDay) return;
    const config = await this.byTimeConfig(true);
    const lastDay = dayOf(options.until ?? this.now().toISOString());
    for (const day of daysBetween(firstDay, lastDay)) {
      const shards = Array.from({ length: shardsToRead(config, day) }, (_, shard) => this.readBucket(bucketKey(day, shard), options));
      const heads = await Promise.all(shards.map((shard) => shard.next()));
      for (;;) {
        let best = -1;
        heads.forEach((head, index) => {
          if (!head.done && (best < 0 || head.value.position < (heads[best]!.value as Commit).position)) best = index;
        });
        if (best < 0) break;
        const commit = heads[best]!.value as Commit;
        if (options.until && commit.events[0]!.at > options.until) return;
        yield commit;
        heads[best] = await shards[best]!.next();
      }
    }
  }

  private async *readBucket(bucket: string, options: { after?: string; pageSize?: number; raw?: boolean }): AsyncGenerator<Commit> {
    const pages = paginateQuery(
      { client: this.client, pageSize: options.pageSize },
      {
        TableName: this.table,
        IndexName: 'byTime',
        KeyConditionExpression: options.after ? '#b = :b AND #p > :p' : '#b = :b',
        ExpressionAttributeNames: options.after ? { '#b': 'bucket', '#p': 'position' } : { '#b': 'bucket' },
        ExpressionAttributeValues: options.after ? { ':b': bucket, ':p': options.after } : { ':b': bucket },
      },
    );
    for await (const page of pages) {
      for (const item of (page.Items ?? []) as CommitItem[]) yield this.toCommit(item, options.raw);
    }
  }

  /**
   * Commits still marked for publishing, from the sweep mark (or the first day) up to `olderThan`
   * (an ISO instant). Found through `byTime` with a filter, so no index of their own has to be
   * written and cleared on every commit; the sweep mark keeps the range read short.
   */
  async *unpublished(olderThan: string, options: { from?: string } = {}): AsyncGenerator<Commit> {
    const cutoff = newIdAt(Date.parse(olderThan));
    const from = options.from ?? (await this.sweepMark());
    const firstDay = from ? dayOf(new Date(decodeTime(from)).toISOString()) : await this.firstDay();
    if (!firstDay) return;
    const config = await this.byTimeConfig(true);
    for (const day of daysBetween(firstDay, dayOf(olderThan))) {
      for (let shard = 0; shard < shardsToRead(config, day); shard += 1) {
        let startKey: Record<string, unknown> | undefined;
        do {
          const page = await this.client.send(
            new QueryCommand({
              TableName: this.table,
              IndexName: 'byTime',
              KeyConditionExpression: '#b = :b AND #p BETWEEN :from AND :cutoff',
              FilterExpression: 'attribute_exists(#o)',
              ExpressionAttributeNames: { '#b': 'bucket', '#p': 'position', '#o': 'outbox' },
              ExpressionAttributeValues: { ':b': bucketKey(day, shard), ':from': from ?? '0', ':cutoff': cutoff },
              ExclusiveStartKey: startKey,
            }),
          );
          // The index may lag the table: confirm each marker on the commit itself.
          for (const key of page.Items ?? []) {
            const full = await this.client.send(new GetCommand({ TableName: this.table, Key: { streamId: key.streamId, version: key.version }, ConsistentRead: true }));
            if (full.Item?.outbox) yield this.toCommit(full.Item as CommitItem);
          }
          startKey = page.LastEvaluatedKey;
        } while (startKey);
      }
    }
  }

  /** Where the next sweep starts reading (a position), or null: from the first day. */
  async sweepMark(): Promise<string | null> {
    const meta = await this.client.send(new GetCommand({ TableName: this.table, Key: META_KEY, ConsistentRead: true }));
    return (meta.Item?.sweptFrom as string | undefined) ?? null;
  }

  /** Moves the sweep mark forward to `position` (never back: concurrent sweeps cannot undo each other). */
  async advanceSweepMark(position: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: META_KEY,
          UpdateExpression: 'SET sweptFrom = :p',
          ConditionExpression: 'attribute_not_exists(sweptFrom) OR sweptFrom < :p',
          ExpressionAttributeValues: { ':p': position },
        }),
      );
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    }
  }

  /** Clears the outbox marker once the commit's events are on the bus. */
  async markPublished(commit: Pick<Commit, 'streamId' | 'firstVersion'>): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { streamId: commit.streamId, version: commit.firstVersion },
        UpdateExpression: 'REMOVE #o',
        ExpressionAttributeNames: { '#o': 'outbox' },
      }),
    );
  }

  private toCommit(item: CommitItem, raw = false): Commit {
    const events = (JSON.parse(item.events) as EventEnvelope[]).map((event) => (raw ? event : this.catalogue.upcast(event)));
    return { streamId: item.streamId, firstVersion: item.version, lastVersion: item.last, position: item.position, events };
  }

  /**
   * The byTime shard counts, as stored (`$config`), oldest first; the default (BY_TIME_SHARDS) when
   * none is stored. Writers read it once per container; readers of the global order read it afresh
   * (`fresh`) for each pass, so they see a raise that writers elsewhere have started to use.
   */
  async byTimeConfig(fresh = false): Promise<ByTimeShards[]> {
    if (fresh) return (this.byTime = await this.readByTimeConfig());
    // Concurrent first appends of a container share one read, as they share the first-day write.
    this.byTimeRead ??= this.readByTimeConfig().then(
      (config) => (this.byTime = config),
      (error: unknown) => {
        this.byTimeRead = null;
        throw error;
      },
    );
    return this.byTime ?? this.byTimeRead;
  }

  private async readByTimeConfig(): Promise<ByTimeShards[]> {
    const { Item } = await this.client.send(new GetCommand({ TableName: this.table, Key: CONFIG_KEY, ConsistentRead: true }));
    const stored = (Item?.byTimeShards as ByTimeShards[] | undefined)?.filter((entry) => typeof entry.from === 'string' && Number.isInteger(entry.shards) && entry.shards > 0);
    return stored && stored.length > 0 ? [...stored].sort((a, b) => (a.from < b.from ? -1 : 1)) : DEFAULT_BY_TIME;
  }

  /**
   * Stores a new shard count, in effect from `from` (a UTC day, YYYY-MM-DD). Old days keep the counts
   * they were written with; nothing is migrated. Raising takes effect in each writer when it next
   * reads the configuration (a new container); readers read every count used up to a day, so a
   * commit written with a stale count is still found.
   */
  async setByTimeShards(shards: number, from: string): Promise<ByTimeShards[]> {
    if (!Number.isInteger(shards) || shards < 1 || shards > 256) throw new Error('The shard count is a whole number from 1 to 256');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) throw new Error('The effective day is YYYY-MM-DD');
    const current = (await this.byTimeConfig(true)).filter((entry) => entry.from !== from);
    const next = [...current, { from, shards }].sort((a, b) => (a.from < b.from ? -1 : 1));
    await this.client.send(new PutCommand({ TableName: this.table, Item: { ...CONFIG_KEY, byTimeShards: next } }));
    this.byTime = next;
    return next;
  }

  private async shardsToWrite(day: string): Promise<number> {
    return shardsInEffect(await this.byTimeConfig(), day);
  }

  /** The earliest day that holds a commit: where reading everything starts. */
  async firstDay(options: { fresh?: boolean } = {}): Promise<string | null> {
    if (this.firstDayKnown && !options.fresh) return this.firstDayKnown;
    const meta = await this.client.send(new GetCommand({ TableName: this.table, Key: META_KEY, ConsistentRead: true }));
    this.firstDayKnown = (meta.Item?.firstDay as string | undefined) ?? null;
    return this.firstDayKnown;
  }

  private async rememberDay(day: string): Promise<void> {
    // A failed shared write is retried by each waiter itself (the owner reports the failure).
    while (this.dayInFlight) await this.dayInFlight.catch(() => undefined);
    if (this.firstDayKnown && this.firstDayKnown <= day) return;
    this.dayInFlight = this.recordDay(day).finally(() => {
      this.dayInFlight = null;
    });
    await this.dayInFlight;
  }

  private async recordDay(day: string): Promise<void> {
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.table,
          Key: META_KEY,
          UpdateExpression: 'SET firstDay = :d',
          ConditionExpression: 'attribute_not_exists(firstDay) OR firstDay > :d',
          ExpressionAttributeValues: { ':d': day },
        }),
      );
      this.firstDayKnown = day;
    } catch (error) {
      if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
      // Someone recorded this day or an earlier one. Never blank the cache here: concurrent appends
      // would see it empty and each pay another update and read (that doubled the append cost).
      await this.firstDay({ fresh: true });
    }
  }
}

/** The smallest ULID of a given millisecond: a position to compare commits' times against. */
export function newIdAt(ms: number): string {
  const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  let time = '';
  let t = ms;
  for (let i = 0; i < 10; i += 1) {
    time = alphabet[t % 32] + time;
    t = Math.floor(t / 32);
  }
  return time + '0'.repeat(16);
}
