import { startDynamo } from '../infra/local/dynamo.ts';
import { dynamoClient } from '../functions/lib/aws-clients.ts';
import { EventStore } from '../functions/lib/event-store.ts';
import { writeFileSync } from 'node:fs';
const d = await startDynamo({ path: '/tmp/ops-scratch/data/dynamodb' });
const store = new EventStore({ client: dynamoClient(d.endpoint), tableName: 'design-club-events' });
for await (const commit of store.readAll()) {
  const event = commit.events[0];
  writeFileSync('/tmp/ops-scratch/data/dead-letters/01JTEST0000000000000000000.json', JSON.stringify({ id: '01JTEST0000000000000000000', subscription: 'projections', event, error: 'simulated', attempts: 3, failedAt: new Date().toISOString() }));
  console.log('letter for', event.streamId, event.version, event.type);
  break;
}
await d.stop();
