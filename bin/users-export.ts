/**
 * `npm run users:export -- --header <csv-header-file> [--out users.csv] [--map map.csv] [--data-dir <dir>]`
 *
 * After the loss of the Cognito user pool: every registered user from the events, as the CSV of a
 * Cognito user import job into the new pool (the header from `aws cognito-idp get-csv-header
 * --user-pool-id <new pool> --query CSVHeader --output text`), and a map of e-mail, old user id and
 * admin role, for inspecting what the events hold. A CSV import job does not link the new accounts
 * to the old user ids: recover with bin/users-import.ts (docs/operations.md, "Backups and restore"). Reads
 * EVENTS_TABLE with AWS credentials when it is set, else the embedded data (.data/, or the running
 * `npm start`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { EventEnvelope } from '../events/envelope.js';
import { dynamoClient } from '../functions/platform/aws/dynamodb.js';
import { EventStore } from '../functions/platform/event-store/event-store.js';
import { cognitoImportCsv, usersFromEvents } from '../functions/features/users/ops/user-import.js';
import { startDynamo } from '../infra/local/dynamo.js';
import { eventsTableOf, REPO_ROOT, TABLES, runningStack } from '../infra/local/runtime.js';
import { readAll } from '../functions/platform/event-store/event-log.js';
import { catalogue } from '../functions/app/catalogue.js';
import { personalDataCodec } from '../functions/platform/privacy/keys-runtime.js';
import { codecOfDataFolder, localCodec } from '../infra/local/personal-data.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { values } = parseArgs({
  options: {
    header: { type: 'string' },
    out: { type: 'string', default: 'users.csv' },
    map: { type: 'string', default: 'users-map.csv' },
    'data-dir': { type: 'string' },
  },
});
if (!values.header || !existsSync(values.header)) {
  console.error(
    'Usage: npm run users:export -- --header <file with the new pool’s CSV header> [--out users.csv] [--map ' +
      'users-map.csv]',
  );
  process.exit(2);
}
const header = readFileSync(values.header, 'utf8')
  .trim()
  .split(',')
  .map((column) => column.trim().replace(/^"|"$/g, ''));

async function openStore(): Promise<{ store: EventStore; close: () => Promise<void> }> {
  if (process.env.EVENTS_TABLE) {
    return {
      store: new EventStore({
        catalogue,
        codec: personalDataCodec(catalogue),
        client: dynamoClient(),
        tableName: process.env.EVENTS_TABLE,
      }),
      close: async () => undefined,
    };
  }
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? join(REPO_ROOT, '.data'));
  const running = await runningStack(dataDir);
  if (running) {
    const client = dynamoClient(running.dynamoEndpoint);
    const personal = localCodec(running.kms, client, TABLES.keys);
    return {
      store: new EventStore({ catalogue, codec: personal.codec, client, tableName: eventsTableOf(dataDir) }),
      close: async () => personal.close(),
    };
  }
  const dynamo = await startDynamo({ path: join(dataDir, 'dynamodb') });
  const client = dynamoClient(dynamo.endpoint);
  const personal = await codecOfDataFolder(dataDir, client, TABLES.keys);
  return {
    store: new EventStore({ catalogue, codec: personal.codec, client, tableName: eventsTableOf(dataDir) }),
    close: async () => {
      await personal.close();
      await dynamo.stop();
    },
  };
}

const { store, close } = await openStore();
try {
  const events: EventEnvelope[] = [];
  for await (const commit of readAll(store)) events.push(...commit.events);
  const users = usersFromEvents(events);
  writeFileSync(values.out!, cognitoImportCsv(header, users));
  const idMap = ['email,old_user_id,admin', ...users.map((user) => `${user.email},${user.user_id},${user.admin}`)];
  writeFileSync(values.map!, `${idMap.join('\n')}\n`);
  console.log(
    `${users.length} users: ${values.out} (import job CSV), ${values.map} (e-mail → old user id, admin role).`,
  );
} finally {
  await close();
}
