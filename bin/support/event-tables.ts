import { DeleteTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { eventsTable as eventsTableDefinition } from '../../shared/tables.js';
import { catalogue } from '../../functions/app/catalogue.js';
import { dynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { localEndpointConfig } from '../../functions/platform/aws/sdk-config.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import type { PersonalDataCodec } from '../../functions/platform/privacy/codec.js';
import { personalDataCodec } from '../../functions/platform/privacy/keys-runtime.js';
import { ViewStore } from '../../functions/platform/views/views.js';
import { ensureTable, startDynamo } from '../../infra/local/dynamo.js';
import { codecOfDataFolder, localCodec, type LocalKmsAddress } from '../../infra/local/personal-data.js';
import { eventsTableOf, REPO_ROOT, TABLES } from '../../infra/local/runtime.js';

/** The stores an operator tool (replay, the sealing migration) works on, and where they are. */
export interface EventTables {
  /** The events table the handlers use (or the one asked for). */
  store: EventStore;
  views: ViewStore;
  /** Another events table of the same stage, through the same client and codec. */
  storeOf(table: string): EventStore;
  where: string;
  /** The embedded stack's data folder, and whether a stack runs on it; undefined in the cloud. */
  embedded?: {
    dataDir: string;
    running: boolean;
    createEventsTable(table: string): Promise<void>;
    dropEventsTable(table: string): Promise<void>;
  };
  close(): Promise<void>;
}

/**
 * With EVENTS_TABLE and VIEWS_TABLE set (and AWS credentials), the tables the handlers use (and
 * KMS_KEY_ID and KEYS_TABLE, to open and seal personal fields); otherwise the embedded stack: the
 * running `npm start` if there is one, else the data under the data folder directly. `eventsTable`
 * reads another events table than the one in use (a migration's target, say).
 */
export async function openEventTables(options: { dataDir?: string; eventsTable?: string } = {}): Promise<EventTables> {
  const build = (client: DynamoDBDocumentClient, codec: PersonalDataCodec) => (table: string) =>
    new EventStore({ catalogue, codec, client, tableName: table });
  if (process.env.EVENTS_TABLE && process.env.VIEWS_TABLE) {
    const client = dynamoClient();
    const storeOf = build(client, personalDataCodec(catalogue));
    const table = options.eventsTable ?? process.env.EVENTS_TABLE;
    return {
      store: storeOf(table),
      views: new ViewStore(client, process.env.VIEWS_TABLE, 0),
      storeOf,
      where:
        `tables ${table} ` +
        `/ ${process.env.VIEWS_TABLE}${process.env.DYNAMODB_ENDPOINT ? ` at ${process.env.DYNAMODB_ENDPOINT}` : ''}`,
      close: async () => undefined,
    };
  }
  const dataDir = resolve(options.dataDir ?? process.env.DATA_DIR ?? join(REPO_ROOT, '.data'));
  const table = options.eventsTable ?? eventsTableOf(dataDir);
  const embedded = (endpoint: string, running: boolean) => {
    const withClient = async (work: (raw: DynamoDBClient) => Promise<unknown>) => {
      const raw = new DynamoDBClient(localEndpointConfig(endpoint));
      try {
        await work(raw);
      } finally {
        raw.destroy();
      }
    };
    return {
      dataDir,
      running,
      createEventsTable: (name: string) => withClient((raw) => ensureTable(raw, name, eventsTableDefinition)),
      dropEventsTable: (name: string) => withClient((raw) => raw.send(new DeleteTableCommand({ TableName: name }))),
    };
  };
  const lockFile = join(dataDir, 'runtime.json');
  if (existsSync(lockFile)) {
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as {
      pid: number;
      dynamoEndpoint: string;
      kms: LocalKmsAddress;
    };
    let alive = true;
    try {
      process.kill(lock.pid, 0);
    } catch {
      alive = false;
    }
    if (alive) {
      const client = dynamoClient(lock.dynamoEndpoint);
      const personal = localCodec(lock.kms, client, TABLES.keys);
      const storeOf = build(client, personal.codec);
      return {
        store: storeOf(table),
        views: new ViewStore(client, TABLES.views, 0),
        storeOf,
        where: `the running embedded stack (pid ${lock.pid}), table ${table}`,
        embedded: embedded(lock.dynamoEndpoint, true),
        close: async () => personal.close(),
      };
    }
  }
  if (!existsSync(join(dataDir, 'dynamodb'))) {
    console.error(
      `No data found in ${dataDir}. Start the product once with npm start, or set EVENTS_TABLE and VIEWS_TABLE.`,
    );
    process.exit(2);
  }
  const dynamo = await startDynamo({ path: join(dataDir, 'dynamodb') });
  const client = dynamoClient(dynamo.endpoint);
  const personal = await codecOfDataFolder(dataDir, client, TABLES.keys);
  const storeOf = build(client, personal.codec);
  return {
    store: storeOf(table),
    views: new ViewStore(client, TABLES.views, 0),
    storeOf,
    where: `the embedded data in ${dataDir}, table ${table}`,
    embedded: embedded(dynamo.endpoint, false),
    close: async () => {
      await personal.close();
      await dynamo.stop();
    },
  };
}
