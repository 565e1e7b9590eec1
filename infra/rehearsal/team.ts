import { dynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { Publisher, type BusClient } from '../../functions/platform/event-store/publisher.js';
import { ViewStore } from '../../functions/platform/views/views.js';
import { catalogue } from '../../functions/app/catalogue.js';
import type { PersonalDataCodec } from '../../functions/platform/privacy/codec.js';
import { seedAccounts } from '../local/seed-accounts.js';
import type { EmbeddedCognito } from '../local/cognito/index.js';

/**
 * The studio's admin and designer, registered as an operator registers them after a deploy: users in
 * the pool and their registration appended to the events table, published to the bus (whose rules
 * then run the projections and the Cognito-groups reactor, in the rehearsal's functions).
 */
export async function seedTeam(options: {
  cognito: EmbeddedCognito;
  dynamoEndpoint: string;
  eventsTable: string;
  viewsTable: string;
  /** Over the rehearsal's KMS stand-in and the stack's keys table, as the functions' own. */
  codec: PersonalDataCodec;
  bus: BusClient;
}) {
  const client = dynamoClient(options.dynamoEndpoint);
  const store = new EventStore({
    client,
    tableName: options.eventsTable,
    catalogue,
    codec: options.codec,
    now: () => new Date(),
  });
  const runtime = {
    store,
    views: new ViewStore(client, options.viewsTable),
    bus: options.bus,
    publisher: new Publisher(options.bus, store, 2_000),
    now: () => new Date(),
  };
  return seedAccounts(options.cognito, runtime);
}
