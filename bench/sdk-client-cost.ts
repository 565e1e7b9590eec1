/**
 * The AWS SDK's own CPU per call, with the network taken out: each client is given a transport that
 * answers at once (the SDK's `requestHandler` interface), so what is measured is the client's work
 * (middleware, serialising, signing, parsing the answer). Compares the ways this repository calls it:
 *   DynamoDB PutItem: the document client (lib-dynamodb), a plain client with `marshall`, and a plain
 *   client with `cacheMiddleware` (which lib-dynamodb refuses);
 *   API Gateway PostToConnection (a live-update fan-out): default, and with MIDDLEWARE_RESOLVED_ONCE.
 * Rounds rotate the order; medians of per-call CPU are printed. Figures, not tests.
 */
import { Readable } from 'node:stream';
import { ApiGatewayManagementApiClient, PostToConnectionCommand } from '@aws-sdk/client-apigatewaymanagementapi';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import { HttpResponse } from '@smithy/core/transport';
import { MIDDLEWARE_RESOLVED_ONCE } from '../functions/platform/aws/sdk-config.js';
import { printTable } from './support.js';

const CALLS = Number(process.env.BENCH_CALLS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** Answers every request at once with an empty 200, as DynamoDB and API Gateway would. */
const instantTransport = {
  handle: async () => ({
    response: new HttpResponse({
      statusCode: 200,
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amzn-requestid': 'bench',
        'x-amz-crc32': '2745614147',
      },
      body: Readable.from([Buffer.from('{}')]),
    }),
  }),
  updateHttpClientConfig() {},
  httpHandlerConfigs: () => ({}),
  destroy() {},
};
const base = {
  region: 'us-east-1',
  credentials: { accessKeyId: 'AKIDBENCH', secretAccessKey: 'bench' },
  requestHandler: instantTransport,
};

// A commit item as the event store writes it (one event).
const item = {
  streamId: 'project-01JBENCH',
  version: 3,
  last: 3,
  events: JSON.stringify([
    {
      streamId: 'project-01JBENCH',
      version: 3,
      type: 'ProjectUpdated',
      data: { title: 'Bench kitchen'.repeat(8) },
      hash: 'f'.repeat(64),
      prevHash: '0'.repeat(64),
    },
  ]),
  at: new Date().toISOString(),
  bucket: '2026-11-25#1',
  position: '01JBENCH00000000000000000',
  outbox: 'pending',
};
const condition = 'attribute_not_exists(streamId)';

const documentClient = DynamoDBDocumentClient.from(new DynamoDBClient({ ...base, endpoint: 'http://127.0.0.1:1' }), {
  marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
});
const plain = new DynamoDBClient({ ...base, endpoint: 'http://127.0.0.1:1' });
const plainOnce = new DynamoDBClient({ ...base, endpoint: 'http://127.0.0.1:1', ...MIDDLEWARE_RESOLVED_ONCE });
const poster = new ApiGatewayManagementApiClient({ ...base, endpoint: 'http://127.0.0.1:1/prod' });
const posterOnce = new ApiGatewayManagementApiClient({
  ...base,
  endpoint: 'http://127.0.0.1:1/prod',
  ...MIDDLEWARE_RESOLVED_ONCE,
});
const message = new TextEncoder().encode('{"type":"changed","streamId":"project-01JBENCH"}');

const ways: Record<string, () => Promise<unknown>> = {
  'DynamoDB PutItem, document client (what the app uses)': () =>
    documentClient.send(new PutCommand({ TableName: 'events', Item: item, ConditionExpression: condition })),
  'DynamoDB PutItem, plain client + marshall': () =>
    plain.send(new PutItemCommand({ TableName: 'events', Item: marshall(item), ConditionExpression: condition })),
  'DynamoDB PutItem, plain client + marshall, cacheMiddleware': () =>
    plainOnce.send(new PutItemCommand({ TableName: 'events', Item: marshall(item), ConditionExpression: condition })),
  'PostToConnection, default': () => poster.send(new PostToConnectionCommand({ ConnectionId: 'abc=', Data: message })),
  'PostToConnection, MIDDLEWARE_RESOLVED_ONCE (as the app does)': () =>
    posterOnce.send(new PostToConnectionCommand({ ConnectionId: 'abc=', Data: message })),
};

async function cpuPerCall(call: () => Promise<unknown>): Promise<number> {
  const used = process.cpuUsage();
  for (let i = 0; i < CALLS; i += 1) await call();
  const { user, system } = process.cpuUsage(used);
  return (user + system) / CALLS;
}

export async function benchSdkClientCost() {
  const names = Object.keys(ways);
  for (const name of names) for (let i = 0; i < 1_000; i += 1) await ways[name]!();
  const samples = new Map<string, number[]>(names.map((name) => [name, []]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)];
    for (const name of order) samples.get(name)!.push(await cpuPerCall(ways[name]!));
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  const rows = names.map((way) => ({
    way,
    cpuUsPerCall: Math.round(median(samples.get(way)!)),
    rounds: samples.get(way)!.map(Math.round).join(' / '),
  }));
  printTable(
    `AWS SDK client CPU per call, transport answering at once (${CALLS} calls a round, median of ${ROUNDS} rotated ` +
      `rounds)`,
    rows,
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  await benchSdkClientCost();
}
