/**
 * Event store throughput on the embedded DynamoDB (dynalite, in memory), all in one run:
 *   raw conditional PutItem  vs  EventStore.append  vs  castore pushEvent   (the write path; raw
 *   through the same AWS SDK document client the store uses, with the same item)
 *   raw Query (all items)    vs  EventStore.readAll vs  castore list+get    (the read path)
 * Goals: append ≥ 0.95× raw PutItem and ≥ castore's pushEvent; read-all ≥ 80% of raw Query.
 * in interleaved rounds (median reported).
 * Prints a table; asserts nothing (figures, not tests).
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { GENESIS_HASH } from '../events/envelope.js';
import { ProfileUpdated } from '../functions/features/users/events.js';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBSingleTableEventStorageAdapter } from '@castore/event-storage-adapter-dynamodb';
import { ensureTable, startDynamo } from '../infra/local/dynamo.js';
import { startStore } from '../tests/support/store.js';
import { printTable, timed as wallTimed } from './support.js';
import { readAll as readAllCommits } from '../functions/platform/event-store/event-log.js';

/**
 * Wall time and this process's CPU time (dynalite runs in it too). On a shared machine the wall
 * clock also counts other processes' turns; CPU time per operation is the steadier figure.
 */
async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number; cpuMs: number }> {
  const cpu = process.cpuUsage();
  const { value, ms } = await wallTimed(work);
  const used = process.cpuUsage(cpu);
  return { value, ms, cpuMs: (used.user + used.system) / 1000 };
}

const STREAMS = Number(process.env.BENCH_STREAMS ?? 200);
const EVENTS_PER_STREAM = Number(process.env.BENCH_EVENTS ?? 10);
const CONCURRENCY = 8;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const actor = { sub: 'bench', role: 'system' as const };

async function inParallel(count: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

/** One round of every operation, each side on fresh tables so neither pays for the other's items. */
async function round(payload: Record<string, unknown>, total: number, index: number) {
  const env = await startStore();
  const rawEnv = await startStore();

  // Raw: one conditional PutItem per event, an item of the same shape and size as a commit.
  const sample = JSON.stringify([
    {
      streamId: 'x',
      version: 1,
      type: 'ProfileUpdated',
      schemaVersion: 1,
      eventId: '01J00000000000000000000000',
      at: new Date().toISOString(),
      actor,
      correlationId: '01J00000000000000000000000',
      causationId: null,
      data: payload,
      prevHash: GENESIS_HASH,
      hash: GENESIS_HASH,
    },
  ]);
  const writeRaw = () =>
    timed(async () => {
      await inParallel(STREAMS, async (s) => {
        for (let v = 1; v <= EVENTS_PER_STREAM; v += 1) {
          // The same item a commit writes (index keys and outbox marker included), without the store's work.
          await rawEnv.client.send(
            new PutCommand({
              TableName: rawEnv.names.events,
              Item: {
                streamId: `raw-${s}`,
                version: v,
                last: v,
                events: sample,
                at: new Date().toISOString(),
                bucket: `raw#${s % 4}`,
                position: `${String(s).padStart(6, '0')}-${v}`,
                outbox: 'pending',
              },
              ConditionExpression: 'attribute_not_exists(streamId)',
            }),
          );
        }
      });
    });

  // The raw side writes a ready item; the event is built (and validated) once, outside the timing,
  // as a decider's work is not the store's.
  const event = ProfileUpdated.create(payload);
  // What the global-order index entry costs: the same item without `bucket`, so no byTime entry is
  // written (castore writes an index entry only for an aggregate's first event).
  const noIndexEnv = await startStore();
  const writeRawNoIndex = () =>
    timed(async () => {
      await inParallel(STREAMS, async (s) => {
        for (let v = 1; v <= EVENTS_PER_STREAM; v += 1) {
          await noIndexEnv.client.send(
            new PutCommand({
              TableName: noIndexEnv.names.events,
              Item: {
                streamId: `raw-${s}`,
                version: v,
                last: v,
                events: sample,
                at: new Date().toISOString(),
                position: `${String(s).padStart(6, '0')}-${v}`,
                outbox: 'pending',
              },
              ConditionExpression: 'attribute_not_exists(streamId)',
            }),
          );
        }
      });
    });

  const append = () =>
    timed(async () => {
      await inParallel(STREAMS, async (s) => {
        let expected = { version: 0, hash: GENESIS_HASH };
        for (let v = 1; v <= EVENTS_PER_STREAM; v += 1) {
          const commit = await env.store.append(`user-b${s}`, [event], expected, { actor });
          expected = { version: commit.lastVersion, hash: commit.events[0]!.hash };
        }
      });
    });

  // The write phases take turns going first, after an untimed warm-up write: the first phase of a
  // round otherwise also paid for collecting the previous round's stores (10–30% slower, whichever
  // side it was).
  const warmUp = await startStore();
  await inParallel(STREAMS / 4, async (s) => {
    for (let v = 1; v <= EVENTS_PER_STREAM; v += 1)
      await warmUp.client.send(
        new PutCommand({
          TableName: warmUp.names.events,
          Item: {
            streamId: `w-${s}`,
            version: v,
            last: v,
            events: sample,
            bucket: `w#${s % 4}`,
            position: `${s}-${v}`,
          },
        }),
      );
  });
  await warmUp.stop();
  const first = index % 2 === 0;
  const raw = first ? await writeRaw() : undefined;
  const appended = await append();
  const rawLate = first ? undefined : await writeRaw();
  const rawNoIndex = await writeRawNoIndex();
  await noIndexEnv.stop();
  const rawResult = (raw ?? rawLate)!;

  const { Item: written } = await env.client.send(
    new GetCommand({ TableName: env.names.events, Key: { streamId: 'user-b0', version: 1 } }),
  );
  const itemBytes = JSON.stringify(written).length;

  const rawRead = await timed(async () => {
    let items = 0;
    for (let shard = 0; shard < 4; shard += 1) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await rawEnv.client.send(
          new QueryCommand({
            TableName: rawEnv.names.events,
            IndexName: 'byTime',
            KeyConditionExpression: '#b = :b',
            ExpressionAttributeNames: { '#b': 'bucket' },
            ExpressionAttributeValues: { ':b': `raw#${shard}` },
            ExclusiveStartKey: startKey,
          }),
        );
        for (const item of page.Items ?? []) items += (JSON.parse(item.events as string) as unknown[]).length;
        startKey = page.LastEvaluatedKey;
      } while (startKey);
    }
    return items;
  });

  const readAll = await timed(async () => {
    let events = 0;
    for await (const commit of readAllCommits(env.store)) events += commit.events.length;
    return events;
  });
  await env.stop();
  await rawEnv.stop();

  const peer = await benchCastore(payload, total);
  const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
  const cpuPerItem = (n: number, cpuMs: number) => Math.round((cpuMs * 1000) / n);
  return {
    itemBytes,
    rawCpu: cpuPerItem(total, rawResult.cpuMs),
    rawNoIndexCpu: cpuPerItem(total, rawNoIndex.cpuMs),
    rawNoIndex: rate(total, rawNoIndex.ms),
    appendCpu: cpuPerItem(total, appended.cpuMs),
    castorePushCpu: cpuPerItem(total, peer.push.cpuMs),
    rawReadCpu: cpuPerItem(rawRead.value, rawRead.cpuMs),
    readAllCpu: cpuPerItem(readAll.value, readAll.cpuMs),
    castoreReadCpu: cpuPerItem(peer.read.value, peer.read.cpuMs),
    raw: rate(total, rawResult.ms),
    append: rate(total, appended.ms),
    rawRead: rate(rawRead.value, rawRead.ms),
    readAll: rate(readAll.value, readAll.ms),
    castorePush: rate(total, peer.push.ms),
    castoreRead: rate(peer.read.value, peer.read.ms),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchEventStore() {
  const total = STREAMS * EVENTS_PER_STREAM;
  const payload = ProfileUpdated.create({ company: 'Bench & Co', full_name: 'Bench Mark' }).data;
  // Rounds interleave the three stores, so none is measured only cold or only warm; medians reported.
  const rounds: Awaited<ReturnType<typeof round>>[] = [];
  for (let r = 0; r < ROUNDS; r += 1) rounds.push(await round(payload, total, r));
  const m = (key: keyof (typeof rounds)[number]) => median(rounds.map((result) => result[key]));
  const all = (key: keyof (typeof rounds)[number]) => rounds.map((result) => result[key]).join(' / ');
  const rows = [
    {
      operation: 'raw conditional PutItem (same SDK client)',
      items: total,
      perSecond: m('raw'),
      cpuUsPerItem: m('rawCpu'),
      rounds: all('raw'),
    },
    {
      operation: 'raw PutItem without the byTime index entry',
      items: total,
      perSecond: m('rawNoIndex'),
      cpuUsPerItem: m('rawNoIndexCpu'),
      rounds: all('rawNoIndex'),
    },
    {
      operation: 'EventStore.append (1 event a commit)',
      items: total,
      perSecond: m('append'),
      cpuUsPerItem: m('appendCpu'),
      rounds: all('append'),
    },
    {
      operation: 'castore DynamoDB adapter pushEvent (peer)',
      items: total,
      perSecond: m('castorePush'),
      cpuUsPerItem: m('castorePushCpu'),
      rounds: all('castorePush'),
    },
    {
      operation: 'raw Query (byTime, parse items)',
      items: total,
      perSecond: m('rawRead'),
      cpuUsPerItem: m('rawReadCpu'),
      rounds: all('rawRead'),
    },
    {
      operation: 'EventStore.readAll (merge 4 shards, upcast)',
      items: total,
      perSecond: m('readAll'),
      cpuUsPerItem: m('readAllCpu'),
      rounds: all('readAll'),
    },
    {
      operation: 'castore listAggregateIds + getEvents (peer read-all)',
      items: total,
      perSecond: m('castoreRead'),
      cpuUsPerItem: m('castoreReadCpu'),
      rounds: all('castoreRead'),
    },
  ];
  printTable(
    `Event store on dynalite (in memory), concurrency ${CONCURRENCY}, median of ${ROUNDS} interleaved rounds (per ` +
      `second)`,
    rows,
  );
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  // Each round's sides ran back to back under the same load: the median of the per-round ratios is
  // steadier than the ratio of the medians when the machine's load moves between rounds.
  const ratio = (key: 'raw' | 'castorePush') => median(rounds.map((result) => result.append / result[key]));
  const vsRaw = ratio('raw');
  const vsCastore = ratio('castorePush');
  const readShare = m('readAll') / m('rawRead');
  console.log(
    `append vs raw PutItem (median of per-round ratios): ${vsRaw.toFixed(2)}x (goal >= ` +
      `0.95x: ${verdict(vsRaw >= 0.95)})`,
  );
  console.log(
    `append vs castore pushEvent: ${vsCastore.toFixed(2)}x (goal >= 1x: ${verdict(vsCastore >= 1)})   read-all vs ` +
      `castore: ${(m('readAll') / m('castoreRead')).toFixed(2)}x`,
  );
  // castore's item for the same event, as its adapter builds it (getPushEventInput), before marshalling.
  const castoreItem = {
    aggregateId: 'USERS#b0',
    version: 1,
    type: 'ProfileUpdated',
    timestamp: new Date().toISOString(),
    payload,
    metadata: { actor },
    eventStoreId: 'USERS',
  };
  console.log(
    `item written per event (JSON bytes): ours ${m('itemBytes')} (envelope, hash chain, outbox marker, a byTime ` +
      `index entry on every commit) vs castore ${JSON.stringify(castoreItem).length} (an index entry only for an ` +
      `aggregate's first event)`,
  );
  console.log(`read-all vs raw Query: ${(readShare * 100).toFixed(0)}% (goal >= 80%: ${verdict(readShare >= 0.8)})`);
  console.log(
    `CPU per item (µs, this process incl. dynalite): append ${m('appendCpu')} vs raw PutItem ${m('rawCpu')} ` +
      `(raw/append ${(m('rawCpu') / m('appendCpu')).toFixed(2)}x) vs castore ${m('castorePushCpu')}; ` +
      (`read-all ${m('readAllCpu')} vs raw Query ${m('rawReadCpu')} ` +
        `(raw/read-all ${(m('rawReadCpu') / m('readAllCpu')).toFixed(2)}x)`),
  );
  return rows;
}

/**
 * The peer: castore's single-table DynamoDB adapter on its own fresh dynalite table (its documented
 * key schema and initialEvents index), the same events, the same concurrency. Its "read all" is
 * listing the aggregates and reading each (it has no global order).
 */
async function benchCastore(payload: Record<string, unknown>, total: number) {
  const dynamo = await startDynamo({});
  const dynamoDBClient = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(dynamoDBClient, 'castore', {
    partitionKey: 'aggregateId',
    sortKey: { name: 'version', type: 'N' },
    indexes: [{ name: 'initialEvents', partitionKey: 'eventStoreId', sortKey: 'timestamp', projection: 'KEYS_ONLY' }],
  });
  const adapter = new DynamoDBSingleTableEventStorageAdapter({ tableName: 'castore', dynamoDBClient });
  const context = { eventStoreId: 'USERS' };
  const push = await timed(async () => {
    await inParallel(STREAMS, async (s) => {
      for (let v = 1; v <= EVENTS_PER_STREAM; v += 1) {
        await adapter.pushEvent(
          { aggregateId: `b${s}`, version: v, type: 'ProfileUpdated', payload, metadata: { actor } },
          context,
        );
      }
    });
  });
  const read = await timed(async () => {
    let events = 0;
    let pageToken: string | undefined;
    do {
      const page = await adapter.listAggregateIds(context, { pageToken });
      for (const { aggregateId } of page.aggregateIds)
        events += (await adapter.getEvents(aggregateId, context)).events.length;
      pageToken = page.nextPageToken;
    } while (pageToken);
    return events;
  });
  dynamoDBClient.destroy();
  await dynamo.stop();
  return { push, read, total };
}

if (import.meta.url === `file://${process.argv[1]}`) await benchEventStore();
