import { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { resolve } from 'node:path';
import { dynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { Publisher } from '../../functions/platform/event-store/publisher.js';
import { appending } from '../../functions/app/runtime.js';
import type { Appending } from '../../functions/platform/runtime.js';
import { ViewStore } from '../../functions/platform/views/views.js';
import { eventsTableOf, REPO_ROOT, TABLES, runningStack, startLocal } from '../../infra/local/runtime.js';
import { catalogue } from '../../functions/app/catalogue.js';
import { localCodec } from '../../infra/local/personal-data.js';

/** What an account tool works on: the events and views, the user pool, and a name for the messages. */
export type UserPoolWork<T> = (
  runtime: Appending,
  cognito: CognitoIdentityProviderClient,
  userPoolId: string,
  where: string,
) => Promise<T>;

/**
 * Runs an account tool against the cloud when the stack's outputs are in the environment (USER_POOL_ID,
 * EVENTS_TABLE, VIEWS_TABLE, EVENT_BUS_NAME, with AWS credentials); otherwise against the embedded
 * stack in the data folder: the running one if there is one, else one started for the moment.
 */
export async function onUserPool<T>(dataDirOption: string | undefined, work: UserPoolWork<T>): Promise<T> {
  if (process.env.USER_POOL_ID && process.env.EVENTS_TABLE && process.env.VIEWS_TABLE && process.env.EVENT_BUS_NAME) {
    return work(
      appending(),
      new CognitoIdentityProviderClient({}),
      process.env.USER_POOL_ID,
      `user pool ${process.env.USER_POOL_ID}`,
    );
  }
  const dataDir = resolve(dataDirOption ?? process.env.DATA_DIR ?? resolve(REPO_ROOT, '.data'));
  const running = await runningStack(dataDir);
  const localCredentials = { region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
  if (running) {
    // The running stack's bus lives in its process: leave the commits in the outbox (this bus refuses
    // every entry) and its sweeper delivers them within seconds.
    const client = dynamoClient(running.dynamoEndpoint);
    const personal = localCodec(running.kms, client, TABLES.keys);
    const store = new EventStore({ catalogue, codec: personal.codec, client, tableName: eventsTableOf(dataDir) });
    const bus = { putEvents: async (entries: unknown[]) => ({ failedIndexes: entries.map((_, index) => index) }) };
    const runtime = {
      store,
      views: new ViewStore(client, TABLES.views),
      bus,
      publisher: new Publisher(bus, store),
      now: () => new Date(),
    };
    const cognito = new CognitoIdentityProviderClient({ endpoint: running.cognitoEndpoint, ...localCredentials });
    return work(runtime, cognito, running.userPoolId, `the running embedded stack (${running.url})`);
  }
  const local = await startLocal({ port: 0, dataDir, quiet: true });
  try {
    const cognito = new CognitoIdentityProviderClient({ endpoint: local.cognito.endpoint, ...localCredentials });
    const result = await work(local.runtime, cognito, local.cognito.userPoolId, `the embedded stack (${dataDir})`);
    await local.settle();
    return result;
  } finally {
    await local.stop();
  }
}
