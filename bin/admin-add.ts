/**
 * `npm run admin:add -- EMAIL [--password PASSWORD]`: creates (or promotes) an admin.
 *
 * Against the cloud: with AWS credentials and the stack's outputs in the environment
 * (USER_POOL_ID, EVENTS_TABLE, VIEWS_TABLE, EVENT_BUS_NAME). Otherwise against the embedded stack
 * in .data/ (started for the moment if it is not running). A new account without --password gets a
 * generated one, printed once.
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ensureAdmin } from '../functions/ops/admin-accounts.js';
import { runtimeFromEnvironment } from '../functions/core/runtime.js';
import { EventStore } from '../functions/core/event-store.js';
import { dynamoClient } from '../functions/adapters/dynamodb.js';
import { Publisher } from '../functions/core/publisher.js';
import { ViewStore } from '../functions/core/views.js';
import { REPO_ROOT, TABLES, runningStack, startLocal } from '../infra/local/runtime.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { values, positionals } = parseArgs({ allowPositionals: true, options: { password: { type: 'string' }, 'data-dir': { type: 'string' } } });
const email = positionals[0]?.trim().toLowerCase();
if (!email || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) {
  console.error('Usage: npm run admin:add -- EMAIL [--password PASSWORD]   (a valid e-mail address is required)');
  process.exit(2);
}
if (values.password !== undefined && values.password.length < 12) {
  console.error('The password must be at least 12 characters.');
  process.exit(2);
}

function report(result: { created: boolean; temporaryPassword?: string }, where: string) {
  console.log(`${email} is an admin${result.created ? ' (new account)' : ''} in ${where}.`);
  if (result.temporaryPassword) console.log(`Password: ${result.temporaryPassword}   (shown once; change it after signing in)`);
}

if (process.env.USER_POOL_ID && process.env.EVENTS_TABLE && process.env.VIEWS_TABLE && process.env.EVENT_BUS_NAME) {
  const runtime = runtimeFromEnvironment();
  const result = await ensureAdmin(runtime, new CognitoIdentityProviderClient({}), process.env.USER_POOL_ID, email, values.password);
  report(result, `user pool ${process.env.USER_POOL_ID}`);
} else {
  const dataDir = resolve(values['data-dir'] ?? process.env.DATA_DIR ?? resolve(REPO_ROOT, '.data'));
  const running = await runningStack(dataDir);
  const localCredentials = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  if (running) {
    // The running stack's bus lives in its process: leave the commits in the outbox (this bus refuses
    // every entry) and its sweeper delivers them within seconds.
    const client = dynamoClient(running.dynamoEndpoint);
    const store = new EventStore({ client, tableName: TABLES.events });
    const bus = { putEvents: async (entries: unknown[]) => ({ failedIndexes: entries.map((_, index) => index) }) };
    const runtime = { store, views: new ViewStore(client, TABLES.views), bus, publisher: new Publisher(bus, store), now: () => new Date() };
    const cognito = new CognitoIdentityProviderClient({ endpoint: running.cognitoEndpoint, ...localCredentials });
    report(await ensureAdmin(runtime, cognito, running.userPoolId, email, values.password), `the running embedded stack (${running.url})`);
  } else {
    const local = await startLocal({ port: 0, dataDir, quiet: true });
    try {
      const cognito = new CognitoIdentityProviderClient({ endpoint: local.cognito.endpoint, ...localCredentials });
      report(await ensureAdmin(local.runtime, cognito, local.cognito.userPoolId, email, values.password), `the embedded stack (${dataDir})`);
      await local.settle();
    } finally {
      await local.stop();
    }
  }
}
