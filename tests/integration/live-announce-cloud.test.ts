import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../events/envelope.js';
import { announceChanges } from '../../functions/features/live/announce.js';
import { connectionStore, setConnectionPoster } from '../../functions/platform/realtime/index.js';
import { configureRuntime } from '../../functions/platform/runtime.js';
import { reading } from '../../functions/platform/views/reader.js';
import type { AppliedEvent } from '../../functions/platform/views/projection.js';
import { ensureTables, startDynamo } from '../../infra/local/dynamo.js';
import { APIGW_REFUSALS, posted } from '../support/aws-endpoints/apigw-management.js';
import { startAwsEndpoint, useEndpointEnv, type AwsEndpoint } from '../support/aws-endpoints/server.js';

/**
 * The projections consumer's announcement as the cloud makes it: the connections table, and the
 * API Gateway management API client the poster builds from REALTIME_MANAGEMENT_ENDPOINT, against a
 * local endpoint that answers PostToConnection as a WebSocket stage does.
 */
let apigw: AwsEndpoint;
let restoreEnv: () => void;
let dynamo: Awaited<ReturnType<typeof startDynamo>>;

beforeAll(async () => {
  apigw = await startAwsEndpoint();
  restoreEnv = useEndpointEnv({});
  dynamo = await startDynamo({});
  await ensureTables(dynamo.endpoint, { events: 'events', views: 'views', connections: 'connections' });
  Object.assign(process.env, {
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    CONNECTIONS_TABLE: 'connections',
    EVENTS_TABLE: 'events',
    VIEWS_TABLE: 'views',
    REALTIME_MANAGEMENT_ENDPOINT: `${apigw.url}/live`,
  });
  setConnectionPoster(undefined);
  // Adapters from the environment set above, as a Lambda builds them.
  configureRuntime(undefined);
});
afterAll(async () => {
  restoreEnv();
  await dynamo.stop();
  await apigw.close();
});
beforeEach(() => apigw.reset());

const AT = '2026-11-27T22:00:00.000Z';
const event = (streamId: string, version: number, type: string): EventEnvelope => ({
  streamId,
  version,
  type,
  schemaVersion: 1,
  eventId: '01JDESIGNCLUBLIVEANNOUNCE0',
  at: AT,
  actor: { sub: 'admin-1', role: 'admin' },
  correlationId: 'c-1',
  causationId: null,
  data: {},
  prevHash: '',
  hash: '',
});
const party = (user: string, designer: string | null) => ({
  user_id: user,
  team_id: null,
  assigned_designer_id: designer,
  assigned_designer_email: null,
});
const bodies = () =>
  Object.fromEntries(
    apigw.seen.map((request) => [decodeURIComponent(request.url.split('/').at(-1)!), JSON.parse(request.body)]),
  );

describe('announcing a commit through the management API', () => {
  it(
    "posts each party's connections their topics (admins theirs too), the designer taken off included, and no one " +
      'else',
    async () => {
      const store = connectionStore();
      await store.add({ connectionId: 'owner=', slot: 0, sub: 'owner-1', email: '', role: 'client' });
      await store.add({ connectionId: 'old-designer=', slot: 0, sub: 'designer-1', email: '', role: 'designer' });
      await store.add({ connectionId: 'admin=', slot: 0, sub: 'admin-1', email: '', role: 'admin' });
      await store.add({ connectionId: 'stranger=', slot: 0, sub: 'someone-else', email: '', role: 'client' });
      apigw.answer(() => posted);
      const applied: AppliedEvent[] = [
        {
          projection: 'projects',
          event: event('project-p1', 4, 'DesignerUnassigned'),
          before: party('owner-1', 'designer-1'),
          after: party('owner-1', null),
        },
      ];
      await announceChanges(reading(), applied);
      expect(bodies()).toEqual({
        'owner=': { type: 'changed', topics: ['project:p1', 'projects'], at: AT },
        'old-designer=': { type: 'changed', topics: ['project:p1', 'projects'], at: AT },
        'admin=': { type: 'changed', topics: ['project:p1', 'projects', 'activity'], at: AT },
      });
      for (const id of ['owner=', 'old-designer=', 'admin=', 'stranger=']) await store.remove(id);
    },
  );

  it(
    'one message per connection for a commit of several events; a refused post touches no other, a gone one is ' +
      'forgotten',
    async () => {
      const store = connectionStore();
      for (const [slot, connectionId] of ['tab-1=', 'refused=', 'closed=', 'tab-2='].entries())
        await store.add({ connectionId, slot, sub: 'user-7', email: '', role: 'client' });
      apigw.answer((request) =>
        request.url.includes('refused')
          ? APIGW_REFUSALS.forbidden
          : request.url.includes('closed')
            ? APIGW_REFUSALS.gone
            : posted,
      );
      const applied: AppliedEvent[] = [
        { projection: 'users', event: event('user-user-7', 2, 'ProfileUpdated'), before: {}, after: {} },
        { projection: 'identity-aliases', event: event('user-user-7', 2, 'ProfileUpdated'), before: {}, after: {} },
        {
          projection: 'users',
          event: event('user-user-7', 3, 'NotificationPreferencesChanged'),
          before: {},
          after: {},
        },
      ];
      await expect(announceChanges(reading(), applied)).resolves.toBeUndefined();
      expect(apigw.seen.map((request) => decodeURIComponent(request.url.split('/').at(-1)!)).sort()).toEqual([
        'closed=',
        'refused=',
        'tab-1=',
        'tab-2=',
      ]);
      expect(bodies()['tab-1=']).toEqual({ type: 'changed', topics: ['me'], at: AT });
      expect(bodies()['tab-2=']).toEqual({ type: 'changed', topics: ['me'], at: AT });
      expect((await store.bySub('user-7')).sort()).toEqual(['refused=', 'tab-1=', 'tab-2=']);
    },
  );

  it('announces nothing for a call that committed nothing (a redelivery)', async () => {
    apigw.answer(() => posted);
    await announceChanges(reading(), []);
    expect(apigw.seen).toEqual([]);
  });
});
