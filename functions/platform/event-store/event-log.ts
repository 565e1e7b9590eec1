import { GetCommand, QueryCommand, paginateQuery, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GENESIS_HASH, type EventEnvelope } from '../../../events/envelope.js';
import type { EventCatalogue } from '../../../events/catalogue.js';
import type { PersonalDataCodec } from '../privacy/codec.js';
import {
  bucketKey,
  CONFIG_KEY,
  dayOf,
  daysBetween,
  DEFAULT_BY_TIME,
  shardsToRead,
  type ByTimeShards,
} from '../views/by-time.js';

/** A commit may carry at most this many events: reads from a version look back this far. */
export const MAX_EVENTS_PER_COMMIT = 100;
export const META_KEY = { streamId: '$meta', version: 0 };

export interface Commit {
  streamId: string;
  firstVersion: number;
  lastVersion: number;
  position: string;
  /** The events as readers see them: personal fields opened (or erased), upcast unless read `raw`. */
  events: EventEnvelope[];
  /** The events as stored and hashed, personal fields sealed: what the bus and its archive carry. */
  stored: EventEnvelope[];
}

export interface StreamSlice {
  streamId: string;
  events: EventEnvelope[];
  version: number;
  lastHash: string;
}

/** One commit as stored: the item of (streamId, first version). */
export interface CommitItem {
  streamId: string;
  version: number;
  last: number;
  events: string;
  at: string;
  bucket: string;
  position: string;
  outbox?: string;
}

/**
 * The codec seam: the one place a commit's events become their stored form (`events`, one string per
 * commit item) and come back. The events written here are already sealed (EventStore.append seals
 * before it hashes), and the events read here are still sealed: EventLog opens them (`open`) before
 * anyone but the chain's verifiers sees them.
 */
export const storedEvents = {
  encode: (events: readonly EventEnvelope[]): string => JSON.stringify(events),
  decode: (item: Pick<CommitItem, 'events'>): EventEnvelope[] => JSON.parse(item.events) as EventEnvelope[],
};

export interface EventStoreOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  /** The events' schemas and upcasters: handed in by whoever builds the store (the app, the embedded runtime). */
  catalogue: EventCatalogue;
  /**
   * Seals personal fields at append and opens them on every read (functions/platform/privacy): handed
   * in with the catalogue, by whoever builds the store.
   */
  codec: PersonalDataCodec;
  now?: () => Date;
}

/**
 * The event store's reading half: a stream, one event (the global order is `readAll` below). What
 * the projections, the audit and the routes that only load a state use; core/event-store.ts adds
 * the append and the outbox marker, so a bundle that never writes an event leaves them (and ulid) out.
 */
export class EventLog {
  readonly client: DynamoDBDocumentClient;
  readonly table: string;
  protected readonly catalogue: EventCatalogue;
  readonly codec: PersonalDataCodec;
  readonly now: () => Date;
  protected firstDayKnown: string | null = null;
  private byTime: ByTimeShards[] | null = null;
  private byTimeRead: Promise<ByTimeShards[]> | null = null;

  constructor(options: EventStoreOptions) {
    this.client = options.client;
    this.table = options.tableName;
    this.catalogue = options.catalogue;
    this.codec = options.codec;
    this.now = options.now ?? (() => new Date());
  }

  /**
   * Events of one stream with from ≤ version ≤ to, oldest first, opened and upcast to current
   * schemas; `raw`: as stored (sealed, at the version they were written with), for the chain's
   * verifiers, who open them with `open` afterwards. With
   * `afterCommit` the caller knows `from - 1` ends a commit (a fold's version), so no earlier commit
   * can hold a wanted event and only the commits from `from` on are read.
   */
  async readStream(
    streamId: string,
    options: { from?: number; to?: number; raw?: boolean; afterCommit?: boolean } = {},
  ): Promise<StreamSlice> {
    const from = options.from ?? 1;
    const to = options.to ?? Number.MAX_SAFE_INTEGER;
    const lowest = options.afterCommit ? from : Math.max(1, from - MAX_EVENTS_PER_COMMIT + 1);
    const stored: EventEnvelope[] = [];
    const pages = paginateQuery(
      { client: this.client },
      {
        TableName: this.table,
        KeyConditionExpression: 'streamId = :s AND #v BETWEEN :a AND :b',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':s': streamId, ':a': lowest, ':b': to },
        ConsistentRead: true,
      },
    );
    for await (const page of pages) {
      for (const item of (page.Items ?? []) as CommitItem[]) {
        for (const event of storedEvents.decode(item))
          if (event.version >= from && event.version <= to) stored.push(event);
      }
    }
    const events = options.raw ? stored : await this.read(stored);
    const last = events.at(-1);
    return {
      streamId,
      events,
      version: last?.version ?? (from > 1 ? from - 1 : 0),
      lastHash: last?.hash ?? GENESIS_HASH,
    };
  }

  /** One attribute of a stream's snapshot item (event-store/folds.ts), or undefined. */
  async snapshotItem(streamId: string, version: number, attribute: string): Promise<unknown> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table,
        Key: { streamId, version },
        ProjectionExpression: '#s',
        ExpressionAttributeNames: { '#s': attribute },
        ConsistentRead: true,
      }),
    );
    return Item?.[attribute];
  }

  /**
   * The newest `commits` commits of a stream in one read, their events oldest first (upcast), with
   * the first version they hold; `fromStart` when they are the whole stream. A load that knows
   * nothing of a stream starts here: a short stream needs no other read.
   */
  async readNewest(
    streamId: string,
    commits: number,
  ): Promise<{ events: EventEnvelope[]; firstVersion: number; fromStart: boolean }> {
    const page = await this.client.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'streamId = :s AND #v >= :first',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':s': streamId, ':first': 1 },
        ScanIndexForward: false,
        Limit: commits,
        ConsistentRead: true,
      }),
    );
    const items = ((page.Items ?? []) as CommitItem[]).reverse();
    const events = await this.read(items.flatMap((item) => storedEvents.decode(item)));
    const firstVersion = items[0]?.version ?? 1;
    return { events, firstVersion, fromStart: firstVersion === 1 || !page.LastEvaluatedKey };
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
    const event = storedEvents.decode(item).find((candidate) => candidate.version === version);
    return event && (await this.read([event]))[0];
  }

  /** An event at its type's current schema version (the catalogue this log was built with lifts it). */
  upcast<E extends EventEnvelope>(event: E): E {
    return this.catalogue.upcast(event);
  }

  /**
   * Stored (sealed) events as readers see them, still at the schema version they were written with:
   * personal fields opened, or their erased values where the key was destroyed. Opening comes before
   * upcasting: the stored version's schema says which fields are sealed.
   */
  open<E extends EventEnvelope>(stored: readonly E[]): Promise<E[]> {
    return this.codec.open(stored);
  }

  /** Stored events opened and upcast: what folds and projections take. */
  async read<E extends EventEnvelope>(stored: readonly E[]): Promise<E[]> {
    return (await this.open(stored)).map((event) => this.catalogue.upcast(event));
  }

  /** A stored commit item as a Commit: its events opened and upcast, or as stored if `raw`. */
  async commitOf(item: CommitItem, raw = false): Promise<Commit> {
    const stored = storedEvents.decode(item);
    return {
      streamId: item.streamId,
      firstVersion: item.version,
      lastVersion: item.last,
      position: item.position,
      events: raw ? stored : await this.read(stored),
      stored,
    };
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
    const { Item } = await this.client.send(
      new GetCommand({ TableName: this.table, Key: CONFIG_KEY, ConsistentRead: true }),
    );
    const stored = (Item?.byTimeShards as ByTimeShards[] | undefined)?.filter(
      (entry) => typeof entry.from === 'string' && Number.isInteger(entry.shards) && entry.shards > 0,
    );
    return stored && stored.length > 0 ? [...stored].sort((a, b) => (a.from < b.from ? -1 : 1)) : DEFAULT_BY_TIME;
  }

  /** The earliest day that holds a commit: where reading everything starts. */
  async firstDay(options: { fresh?: boolean } = {}): Promise<string | null> {
    if (this.firstDayKnown && !options.fresh) return this.firstDayKnown;
    const meta = await this.client.send(new GetCommand({ TableName: this.table, Key: META_KEY, ConsistentRead: true }));
    this.firstDayKnown = (meta.Item?.firstDay as string | undefined) ?? null;
    return this.firstDayKnown;
  }
}

/**
 * Every commit of a store in global (time) order: day by day, merging the day's shards by position.
 * `after` resumes past a position; `until` stops at an instant (audits "as of"). A function, not a
 * method: only the replay, the embedded stack's catch-up and the operators' tools read the global
 * order, so no Lambda bundles it.
 */
export async function* readAll(
  log: EventLog,
  options: { after?: string; until?: string; pageSize?: number; raw?: boolean } = {},
): AsyncGenerator<Commit> {
  const firstDay = await log.firstDay();
  if (!firstDay) return;
  const config = await log.byTimeConfig(true);
  const lastDay = dayOf(options.until ?? log.now().toISOString());
  for (const day of daysBetween(firstDay, lastDay)) {
    const shards = Array.from({ length: shardsToRead(config, day) }, (_, shard) =>
      readBucket(log, bucketKey(day, shard), options),
    );
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

async function* readBucket(
  log: EventLog,
  bucket: string,
  options: { after?: string; pageSize?: number; raw?: boolean },
): AsyncGenerator<Commit> {
  const pages = paginateQuery(
    { client: log.client, pageSize: options.pageSize },
    {
      TableName: log.table,
      IndexName: 'byTime',
      KeyConditionExpression: options.after ? '#b = :b AND #p > :p' : '#b = :b',
      ExpressionAttributeNames: options.after ? { '#b': 'bucket', '#p': 'position' } : { '#b': 'bucket' },
      ExpressionAttributeValues: options.after ? { ':b': bucket, ':p': options.after } : { ':b': bucket },
    },
  );
  for await (const page of pages) {
    for (const item of (page.Items ?? []) as CommitItem[]) yield await log.commitOf(item, options.raw);
  }
}
