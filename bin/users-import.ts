/**
 * `npx tsx bin/users-import.ts [--only EMAIL,…] [--data-dir <dir>]`
 *
 * After the loss of the Cognito user pool, with the new pool deployed: every registered user of the
 * events gets an account in the new pool (e-mail verified, name, no password, the groups the events
 * give it) and a UserIdentityRelinked event on their own stream, so the new account is the old user
 * everywhere (projects, teams, designer links, billing). Users then set a password by the site's
 * Forgot Password page (a mailed reset link). Safe to run again. README "Operating it" → "Backups and recovery".
 *
 * Against the cloud: with AWS credentials and the stack's outputs in the environment (USER_POOL_ID,
 * EVENTS_TABLE, VIEWS_TABLE, EVENT_BUS_NAME). Otherwise against the embedded stack in .data/
 * (started for the moment if it is not running).
 */
import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { dynamoClient } from '../functions/adapters/dynamodb.js';
import { EventStore } from '../functions/core/event-store.js';
import { Publisher } from '../functions/core/publisher.js';
import { runtimeFromEnvironment, type Runtime } from '../functions/core/runtime.js';
import { ViewStore } from '../functions/core/views.js';
import { relinkUsers, type RelinkOutcome } from '../functions/ops/identity-relink.js';
import { REPO_ROOT, TABLES, runningStack, startLocal } from '../infra/local/runtime.js';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { values } = parseArgs({ options: { only: { type: 'string' }, 'data-dir': { type: 'string' } } });
const only = values.only
  ?.split(',')
  .map((email) => email.trim())
  .filter(Boolean);

async function run(runtime: Runtime, cognito: CognitoIdentityProviderClient, userPoolId: string, where: string): Promise<RelinkOutcome[]> {
  console.log(`Importing the users of the events into ${where}…`);
  const outcomes = await relinkUsers(runtime, cognito, userPoolId, {
    only,
    onProgress: (outcome, done, total) =>
      console.log(`[${done}/${total}] ${outcome.email}: ${outcome.status}${outcome.new_sub ? ` (${outcome.user_id} ← ${outcome.new_sub})` : ''}${outcome.reason ? ` — ${outcome.reason}` : ''}`),
  });
  const count = (status: RelinkOutcome['status']) => outcomes.filter((outcome) => outcome.status === status).length;
  console.log(`${count('linked')} linked, ${count('already linked')} already linked, ${count('refused')} refused. Users set their password on the Forgot Password page (/auth/forgot-password).`);
  return outcomes;
}

let outcomes: RelinkOutcome[];
if (process.env.USER_POOL_ID && process.env.EVENTS_TABLE && process.env.VIEWS_TABLE && process.env.EVENT_BUS_NAME) {
  outcomes = await run(runtimeFromEnvironment(), new CognitoIdentityProviderClient({}), process.env.USER_POOL_ID, `user pool ${process.env.USER_POOL_ID}`);
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
    outcomes = await run(runtime, cognito, running.userPoolId, `the running embedded stack (${running.url})`);
  } else {
    const local = await startLocal({ port: 0, dataDir, quiet: true });
    try {
      const cognito = new CognitoIdentityProviderClient({ endpoint: local.cognito.endpoint, ...localCredentials });
      outcomes = await run(local.runtime, cognito, local.cognito.userPoolId, `the embedded stack (${dataDir})`);
      await local.settle();
    } finally {
      await local.stop();
    }
  }
}
if (outcomes.some((outcome) => outcome.status === 'refused')) process.exitCode = 1;
