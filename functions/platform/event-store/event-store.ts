import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { chainEvents } from '../../../events/hash-chain.js';
import type { Actor, EventEnvelope, NewEvent } from '../../../events/envelope.js';
import {
  bucketKey,
  CONFIG_KEY,
  dayOf,
  daysBetween,
  shardOf,
  shardsInEffect,
  shardsToRead,
  type ByTimeShards,
} from '../views/by-time.js';
import { ConcurrencyError } from '../errors.js';
import { EventLog, MAX_EVENTS_PER_COMMIT, META_KEY, storedEvents, type Commit, type CommitItem } from './event-log.js';
import { decodeTime } from 'ulid';
import { newId } from '../ids.js';

export { shardsInEffect, shardsToRead, type ByTimeShards } from '../views/by-time.js';
export { EventLog, type Commit } from './event-log.js';

export interface CommitMeta {
  actor: Actor;
  /** Not stored: lets deciders recognise a designer pre-authorised by e-mail. */
  actorEmail?: string;
  correlationId?: string;
  causationId?: string | null;
}

/**
 * The event store on DynamoDB. One command appends one commit as a single conditional PutItem on
 * (streamId, first version): two writers who read the same version collide on the same key, so
 * versions stay contiguous without transactions (which the embedded DynamoDB does not have).
 * Reading is its base class's (core/event-log.ts).
 */
export class EventStore extends EventLog {
  /** The first-day write in flight: concurrent first appends share it instead of racing their own. */
  private dayInFlight: Promise<void> | null = null;

  /** Appends after `expected` (the version and hash last read); throws ConcurrencyError if it moved. */
  async append(
    streamId: string,
    newEvents: readonly NewEvent[],
    expected: { version: number; hash: string },
    meta: CommitMeta,
  ): Promise<Commit> {
    if (newEvents.length === 0) throw new Error('Nothing to append');
    if (newEvents.length > MAX_EVENTS_PER_COMMIT)
      throw new Error(`A commit holds at most ${MAX_EVENTS_PER_COMMIT} events`);
    const at = this.now().toISOString();
    const correlationId = meta.correlationId ?? newId();
    // Sealed before hashing: the chain covers the stored form, so destroying a key never breaks it.
    const sealed = await this.codec.seal(streamId, newEvents, { newStream: expected.version === 0 });
    const stored: EventEnvelope[] = chainEvents(
      sealed.map((event, index) => ({
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
      })),
      expected.hash,
    );
    const position = stored[0]!.eventId;
    const day = dayOf(at);
    // Known after the container's first commit: no await, no request on the common path.
    if (!this.firstDayKnown || this.firstDayKnown > day) await this.rememberDay(day);
    const item: CommitItem = {
      streamId,
      version: expected.version + 1,
      last: expected.version + stored.length,
      events: storedEvents.encode(stored),
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
      if (!(await this.isOwnCommit(streamId, item.version, position)))
        throw new ConcurrencyError(streamId, expected.version);
    }
    // The committer sees its own events in clear (with the stored form's hashes), as a reader would.
    const events = stored.map((event, index) => ({
      ...event,
      data: newEvents[index]!.data as Record<string, unknown>,
    }));
    return { streamId, firstVersion: item.version, lastVersion: item.last, position, events, stored };
  }

  private async isOwnCommit(streamId: string, version: number, position: string): Promise<boolean> {
    const { Item } = await this.client.send(
      new GetCommand({
        TableName: this.table,
        Key: { streamId, version },
        ConsistentRead: true,
        ProjectionExpression: '#p',
        ExpressionAttributeNames: { '#p': 'position' },
      }),
    );
    return (Item as Pick<CommitItem, 'position'> | undefined)?.position === position;
  }

  /**
   * Stores a fold's snapshot (event-store/folds.ts) unless a newer one of the same revision is there;
   * `replace`, one of the same version too (the replay's fold from the start is the true one).
   */
  async putSnapshot(
    streamId: string,
    version: number,
    attribute: string,
    snapshot: { version: number; revision: number },
    options: { replace?: boolean } = {},
  ): Promise<void> {
    await this.client.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { streamId, version },
        UpdateExpression: 'SET #s = :s',
        ConditionExpression: `attribute_not_exists(#s) OR #s.#v ${options.replace ? '<=' : '<'} :v OR #s.#r <> :r`,
        ExpressionAttributeNames: { '#s': attribute, '#v': 'version', '#r': 'revision' },
        ExpressionAttributeValues: { ':s': snapshot, ':v': snapshot.version, ':r': snapshot.revision },
      }),
    );
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

  private async shardsToWrite(day: string): Promise<number> {
    return shardsInEffect(await this.byTimeConfig(), day);
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
    if (await recordFirstDay(this, day)) {
      this.firstDayKnown = day;
      return;
    }
    // Someone recorded this day or an earlier one. Never blank the cache here: concurrent appends
    // would see it empty and each pay another update and read (that doubled the append cost).
    await this.firstDay({ fresh: true });
  }
}

/**
 * Records `day` as the store's first day unless an earlier one is recorded (answers whether it was):
 * where reading everything starts. The append's first write of a day, and the sealing migration's.
 */
export async function recordFirstDay(store: EventLog, day: string): Promise<boolean> {
  try {
    await store.client.send(
      new UpdateCommand({
        TableName: store.table,
        Key: META_KEY,
        UpdateExpression: 'SET firstDay = :d',
        ConditionExpression: 'attribute_not_exists(firstDay) OR firstDay > :d',
        ExpressionAttributeValues: { ':d': day },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
    return false;
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

/**
 * Stores a new shard count, in effect from `from` (a UTC day, YYYY-MM-DD). Old days keep the counts
 * they were written with; nothing is migrated. Raising takes effect in each writer when it next
 * reads the configuration (a new container); readers read every count used up to a day, so a
 * commit written with a stale count is still found. A function, not a method: an operator's
 * change, which no Lambda bundles.
 */
export async function setByTimeShards(store: EventLog, shards: number, from: string): Promise<ByTimeShards[]> {
  if (!Number.isInteger(shards) || shards < 1 || shards > 256)
    throw new Error('The shard count is a whole number from 1 to 256');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) throw new Error('The effective day is YYYY-MM-DD');
  const current = (await store.byTimeConfig(true)).filter((entry) => entry.from !== from);
  const next = [...current, { from, shards }].sort((a, b) => (a.from < b.from ? -1 : 1));
  await store.client.send(new PutCommand({ TableName: store.table, Item: { ...CONFIG_KEY, byTimeShards: next } }));
  // This store's writers take it at once; others when they next read the configuration.
  await store.byTimeConfig(true);
  return next;
}

/**
 * Commits still marked for publishing, from the sweep mark (or the first day) up to `olderThan`
 * (an ISO instant). Found through `byTime` with a filter, so no index of their own has to be
 * written and cleared on every commit; the sweep mark keeps the range read short. This and the sweep
 * mark's two functions are the outbox sweeper's (core/publisher.ts: sweepOutbox): functions, not
 * methods, so a handler that only appends does not bundle them.
 */
export async function* unpublished(
  store: EventLog,
  olderThan: string,
  options: { from?: string } = {},
): AsyncGenerator<Commit> {
  const cutoff = newIdAt(Date.parse(olderThan));
  const from = options.from ?? (await sweepMark(store));
  const firstDay = from ? dayOf(new Date(decodeTime(from)).toISOString()) : await store.firstDay();
  if (!firstDay) return;
  const config = await store.byTimeConfig(true);
  for (const day of daysBetween(firstDay, dayOf(olderThan))) {
    for (let shard = 0; shard < shardsToRead(config, day); shard += 1) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await store.client.send(
          new QueryCommand({
            TableName: store.table,
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
          const full = await store.client.send(
            new GetCommand({
              TableName: store.table,
              Key: { streamId: key.streamId, version: key.version },
              ConsistentRead: true,
            }),
          );
          if (full.Item?.outbox) yield await store.commitOf(full.Item as CommitItem, true);
        }
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }
  }
}

/** Where the next sweep starts reading (a position), or null: from the first day. */
export async function sweepMark(store: EventLog): Promise<string | null> {
  const meta = await store.client.send(new GetCommand({ TableName: store.table, Key: META_KEY, ConsistentRead: true }));
  return (meta.Item?.sweptFrom as string | undefined) ?? null;
}

/** Moves the sweep mark forward to `position` (never back: concurrent sweeps cannot undo each other). */
export async function advanceSweepMark(store: EventLog, position: string): Promise<void> {
  try {
    await store.client.send(
      new UpdateCommand({
        TableName: store.table,
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
