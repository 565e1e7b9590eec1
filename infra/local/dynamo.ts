import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceInUseException,
} from '@aws-sdk/client-dynamodb';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';
import { guardWithSecretPath } from './secret-path.js';
import { connectionsTable, eventsTable, keysTable, viewsTable, type TableDefinition } from '../../shared/tables.js';

export interface EmbeddedDynamo {
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * dynalite on loopback: LevelDB on disk under `path`, or in memory without one. With a `secret`,
 * it answers only below `/<secret>` (the endpoint includes it; SDK clients keep an endpoint's path):
 * dynalite checks no credentials and answers CORS preflights from any origin, so without it any
 * process on this machine, or any web page the user opens that finds the port, could rewrite the
 * event store.
 */
export async function startDynamo(options: { path?: string; port?: number; secret?: string }): Promise<EmbeddedDynamo> {
  const server: Server = dynalite({ path: options.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  if (options.secret) {
    guardWithSecretPath(server, options.secret, (res) => {
      const body = JSON.stringify({
        __type: 'com.amazon.coral.service#MissingAuthenticationTokenException',
        message: 'Missing Authentication Token',
      });
      res
        .writeHead(403, { 'content-type': 'application/x-amz-json-1.0', 'content-length': Buffer.byteLength(body) })
        .end(body);
    });
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}${options.secret ? `/${options.secret}` : ''}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Creates the table unless it exists. A rebuildable table (the views) kept from an older version
 * that lacks an index added since is created anew: dynalite cannot add an index to a table, and
 * the views are rebuilt from the events (the caller replays them). Returns what it did.
 */
export type TableOutcome = 'created' | 'kept' | 'recreated';

export async function ensureTable(
  client: DynamoDBClient,
  name: string,
  definition: TableDefinition,
  options: { rebuildable?: boolean } = {},
): Promise<TableOutcome> {
  let outcome: TableOutcome = 'created';
  const attributes = new Map<string, 'S' | 'N'>([
    [definition.partitionKey, 'S'],
    [definition.sortKey.name, definition.sortKey.type],
  ]);
  for (const index of definition.indexes) {
    attributes.set(index.partitionKey, 'S');
    attributes.set(index.sortKey, 'S');
  }
  try {
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: [...attributes].map(([AttributeName, AttributeType]) => ({
          AttributeName,
          AttributeType,
        })),
        KeySchema: [
          { AttributeName: definition.partitionKey, KeyType: 'HASH' },
          { AttributeName: definition.sortKey.name, KeyType: 'RANGE' },
        ],
        // DynamoDB refuses an empty list of indexes: a table without any leaves the field out.
        GlobalSecondaryIndexes:
          definition.indexes.length === 0
            ? undefined
            : definition.indexes.map((index) => ({
                IndexName: index.name,
                KeySchema: [
                  { AttributeName: index.partitionKey, KeyType: 'HASH' },
                  { AttributeName: index.sortKey, KeyType: 'RANGE' },
                ],
                Projection: { ProjectionType: index.projection },
              })),
      }),
    );
  } catch (error) {
    if (!(error instanceof ResourceInUseException)) throw error;
    outcome = 'kept';
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    const existing = new Set((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName));
    if (options.rebuildable && definition.indexes.some((index) => !existing.has(index.name))) {
      await client.send(new DeleteTableCommand({ TableName: name }));
      await ensureTable(client, name, definition);
      return 'recreated';
    }
  }
  for (let i = 0; i < 50; i += 1) {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    if (Table?.TableStatus === 'ACTIVE') return outcome;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Table ${name} did not become active`);
}

/** The tables; `viewsRecreated` when the views had to be created anew over older data (replay them). */
export async function ensureTables(
  endpoint: string,
  names: { events: string; views: string; connections?: string; keys?: string },
): Promise<{ events: TableOutcome; views: TableOutcome }> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const events = await ensureTable(client, names.events, eventsTable);
  const views = await ensureTable(client, names.views, viewsTable, { rebuildable: true });
  if (names.connections) await ensureTable(client, names.connections, connectionsTable);
  if (names.keys) await ensureTable(client, names.keys, keysTable);
  client.destroy();
  return { events, views };
}
