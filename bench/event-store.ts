/**
 * Event store throughput on the embedded DynamoDB (dynalite, in memory), all in one run:
 *   raw conditional PutItem  vs  EventStore.append       (the write path)
 *   raw Query (all items)    vs  EventStore.readAll      (the read path)
 * Prints a table; asserts nothing (figures, not tests).
 */
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { GENESIS_HASH, ProfileUpdated } from '../events/index.js';
import { startStore } from '../tests/support/store.js';
import { printTable, timed } from './support.js';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const EVENTS_PER_STREAM = Number(process.env.BENCH_EVENTS ?? 10);
const CONCURRENCY = 8;
const actor = { sub: 'bench', role: 'system' as const };

async function inParallel(count: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next < count) await work(next++);
  }));
}

export async function benchEventStore() {
  // Each side gets a fresh table, so neither pays for the other's items.
  const env = await startStore();
  const rawEnv = await startStore();
  const total = STREAMS * EVENTS_PER_STREAM;
  const payload = ProfileUpdated.create({ company: 'Bench & Co', full_name: 'Bench Mark' }).data;

  // Raw: one conditional PutItem per event, an item of the same shape and size as a commit.
  const sample = JSON.stringify([{ streamId: 'x', version: 1, type: 'ProfileUpdated', schemaVersion: 1, eventId: '01J00000000000000000000000', at: new Date().toISOString(), actor, correlationId: '01J00000000000000000000000', causationId: null, data: payload, prevHash: GENESIS_HASH, hash: GENESIS_HASH }]);
  const raw = await timed(async () => {
    await inParallel(STREAMS, async (s) => {
      for (let v = 1; v <= EVENTS_PER_STREAM; v += 1) {
        // The same item a commit writes (both index keys included), without the store's work.
        await rawEnv.client.send(new PutCommand({ TableName: rawEnv.names.events, Item: { streamId: `raw-${s}`, version: v, last: v, events: sample, at: new Date().toISOString(), bucket: `raw#${s % 4}`, position: `${String(s).padStart(6, '0')}-${v}`, outbox: `pending#${s % 4}` }, ConditionExpression: 'attribute_not_exists(streamId)' }));
      }
    });
  });

  const appended = await timed(async () => {
    await inParallel(STREAMS, async (s) => {
      let expected = { version: 0, hash: GENESIS_HASH };
      for (let v = 1; v <= EVENTS_PER_STREAM; v += 1) {
        const commit = await env.store.append(`user-b${s}`, [ProfileUpdated.create(payload)], expected, { actor });
        expected = { version: commit.lastVersion, hash: commit.events[0]!.hash };
      }
    });
  });

  const rawRead = await timed(async () => {
    let items = 0;
    for (let shard = 0; shard < 4; shard += 1) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await rawEnv.client.send(new QueryCommand({ TableName: rawEnv.names.events, IndexName: 'byTime', KeyConditionExpression: '#b = :b', ExpressionAttributeNames: { '#b': 'bucket' }, ExpressionAttributeValues: { ':b': `raw#${shard}` }, ExclusiveStartKey: startKey }));
        for (const item of page.Items ?? []) items += (JSON.parse(item.events as string) as unknown[]).length;
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }
    return items;
  });

  const readAll = await timed(async () => {
    let events = 0;
    for await (const commit of env.store.readAll()) events += commit.events.length;
    return events;
  });

  await env.stop();
  await rawEnv.stop();
  const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
  const rows = [
    { operation: 'raw conditional PutItem', items: total, ms: raw.ms, perSecond: rate(total, raw.ms) },
    { operation: 'EventStore.append (1 event a commit)', items: total, ms: appended.ms, perSecond: rate(total, appended.ms) },
    { operation: 'raw Query (byTime, parse items)', items: rawRead.value, ms: rawRead.ms, perSecond: rate(rawRead.value, rawRead.ms) },
    { operation: 'EventStore.readAll (merge 4 shards, upcast)', items: readAll.value, ms: readAll.ms, perSecond: rate(readAll.value, readAll.ms) },
  ];
  printTable('Event store on dynalite (in memory), concurrency ' + CONCURRENCY, rows);
  console.log(`append cost vs raw PutItem: ${(appended.ms / raw.ms).toFixed(2)}x   read-all vs raw Query: ${((rate(readAll.value, readAll.ms) / rate(rawRead.value, rawRead.ms)) * 100).toFixed(0)}%`);
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEventStore();
