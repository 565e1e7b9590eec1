import { ensureTables, startDynamo } from '../../infra/local/dynamo.js';
import { dynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { ViewStore } from '../../functions/platform/views/views.js';
import { catalogue } from '../../functions/app/catalogue.js';

let tables = 0;

/** A fresh in-memory dynalite with both tables: the store and views without the rest of the stack. */
export async function startStore(options: { now?: () => Date } = {}) {
  const dynamo = await startDynamo({});
  const names = { events: `events-${(tables += 1)}`, views: `views-${tables}` };
  await ensureTables(dynamo.endpoint, names);
  const client = dynamoClient(dynamo.endpoint);
  return {
    client,
    names,
    endpoint: dynamo.endpoint,
    store: new EventStore({ catalogue, client, tableName: names.events, now: options.now }),
    views: new ViewStore(client, names.views, 0),
    stop: dynamo.stop,
  };
}
