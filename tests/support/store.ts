import { ensureTables, startDynamo } from '../../infra/local/dynamo.js';
import { dynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { ViewStore } from '../../functions/platform/views/views.js';
import { catalogue } from '../../functions/app/catalogue.js';
import { startKms } from '../../infra/local/kms.js';
import { localCodec } from '../../infra/local/personal-data.js';

let tables = 0;

/**
 * A fresh in-memory dynalite with the events, views and keys tables, and a KMS stand-in: the store
 * (sealing personal fields as the stack's does) and views without the rest of the stack.
 */
export async function startStore(options: { now?: () => Date } = {}) {
  const dynamo = await startDynamo({});
  const names = { events: `events-${(tables += 1)}`, views: `views-${tables}`, keys: `keys-${tables}` };
  const kms = await startKms();
  await ensureTables(dynamo.endpoint, names);
  const client = dynamoClient(dynamo.endpoint);
  const personal = localCodec(kms, client, names.keys);
  return {
    client,
    names,
    endpoint: dynamo.endpoint,
    store: new EventStore({ catalogue, codec: personal.codec, client, tableName: names.events, now: options.now }),
    codec: personal.codec,
    views: new ViewStore(client, names.views, 0),
    stop: async () => {
      personal.close();
      await kms.close();
      await dynamo.stop();
    },
  };
}
