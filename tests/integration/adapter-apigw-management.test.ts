import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiGatewayPoster, connectionStore, setConnectionPoster } from '../../functions/platform/realtime/index.js';
import { announce } from '../../functions/features/notifications/deliver.js';
import { ensureTables, startDynamo } from '../../infra/local/dynamo.js';
import { APIGW_REFUSALS, connectionPath, posted } from '../support/aws-endpoints/apigw-management.js';
import { signedScope, startAwsEndpoint, useEndpointEnv, type AwsEndpoint } from '../support/aws-endpoints/server.js';

/**
 * Live updates through the API Gateway management API client the poster builds (three attempts,
 * the prompt services' idle limit), against a local endpoint that answers PostToConnection as a
 * WebSocket stage does: 200, or 410 GoneException for a connection that closed.
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
    REALTIME_MANAGEMENT_ENDPOINT: `${apigw.url}/prod`,
  });
  // The poster the functions build from REALTIME_MANAGEMENT_ENDPOINT, not one the embedded runtime installs.
  setConnectionPoster(undefined);
});
afterAll(async () => {
  restoreEnv();
  await dynamo.stop();
  await apigw.close();
});
beforeEach(() => apigw.reset());

const poster = () => new ApiGatewayPoster(`${apigw.url}/prod`);

describe('PostToConnection as the SDK sends it', () => {
  it(
    "posts the message as the raw body to the stage's " + "connection path, signed for execute-api, and reports 'sent'",
    async () => {
      apigw.answerInTurn(posted);
      expect(await poster().post('abc=', '{"type":"changed"}')).toBe('sent');
      expect(apigw.seen).toHaveLength(1);
      expect(apigw.seen[0]).toMatchObject({
        method: 'POST',
        url: '/prod/@connections/abc%3D',
        body: '{"type":"changed"}',
      });
      expect(apigw.seen[0]!.url).toBe(connectionPath('prod', 'abc='));
      expect(signedScope(apigw.seen[0]!)).toEqual({
        accessKeyId: 'AKIDLOCALTEST',
        region: 'us-east-1',
        service: 'execute-api',
      });
    },
  );

  it(
    'a fan-out through one client (its middleware stack ' + 'resolved once) sends each message to its own connection',
    async () => {
      apigw.answer((request) => (request.url.endsWith('/gone') ? APIGW_REFUSALS.gone : posted));
      const one = poster();
      const outcomes = [];
      for (const id of ['one', 'gone', 'two', 'three']) outcomes.push(await one.post(id, `{"to":"${id}"}`));
      expect(outcomes).toEqual(['sent', 'gone', 'sent', 'sent']);
      expect(apigw.seen.map(({ url, body }) => [url, body])).toEqual(
        ['one', 'gone', 'two', 'three'].map((id) => [`/prod/@connections/${id}`, `{"to":"${id}"}`]),
      );
    },
  );
});

describe("the stage's refusals and the SDK's retries", () => {
  it("reports a closed connection (410 GoneException) as 'gone', without retrying", async () => {
    apigw.answerInTurn(APIGW_REFUSALS.gone);
    expect(await poster().post('abc', 'x')).toBe('gone');
    expect(apigw.seen).toHaveLength(1);
  });

  it(
    'a throttled post (429 LimitExceededException) is ' + 'retried with the same message, and the retry delivers it',
    async () => {
      apigw.answerInTurn(APIGW_REFUSALS.throttled, posted);
      expect(await poster().post('abc', '{"type":"changed"}')).toBe('sent');
      expect(apigw.seen.map(({ url, body }) => [url, body])).toEqual([
        ['/prod/@connections/abc', '{"type":"changed"}'],
        ['/prod/@connections/abc', '{"type":"changed"}'],
      ]);
    },
  );

  it.each([
    ['403 ForbiddenException', APIGW_REFUSALS.forbidden, 'ForbiddenException'],
    ['413 PayloadTooLargeException', APIGW_REFUSALS.tooLarge, 'PayloadTooLargeException'],
  ])('lets any other refusal through (%s), without retrying', async (_case, refusal, name) => {
    apigw.answerInTurn(refusal);
    await expect(poster().post('abc', 'x')).rejects.toMatchObject({ name });
    expect(apigw.seen).toHaveLength(1);
  });
});

describe('a closed connection is forgotten', () => {
  it("announce() posts to each of the user's connections and removes the one the stage reports gone", async () => {
    const store = connectionStore();
    for (const [slot, connectionId] of ['open-1=', 'closed=', 'open-2='].entries())
      await store.add({ connectionId, slot, sub: 'user-42', email: 'user42@example.com', role: 'client' });
    apigw.answer((request) => (request.url.includes('closed') ? APIGW_REFUSALS.gone : posted));
    await announce(['user-42'], '2026-11-27T20:00:00.000Z');
    expect(apigw.seen.map((request) => request.url).sort()).toEqual([
      '/prod/@connections/closed%3D',
      '/prod/@connections/open-1%3D',
      '/prod/@connections/open-2%3D',
    ]);
    for (const request of apigw.seen)
      expect(JSON.parse(request.body)).toEqual({
        type: 'changed',
        topics: ['notifications'],
        at: '2026-11-27T20:00:00.000Z',
      });
    expect((await store.bySub('user-42')).sort()).toEqual(['open-1=', 'open-2=']);
  });

  it('a connection found gone frees the slot it held, so its user can connect again', async () => {
    const store = connectionStore();
    const cap = 2;
    for (const connectionId of ['tab-1=', 'tab-2=']) {
      const slot = await store.claimSlot('user-43', connectionId, cap);
      expect(slot).not.toBeNull();
      await store.add({ connectionId, slot: slot!, sub: 'user-43', email: '', role: 'client' });
    }
    expect(await store.claimSlot('user-43', 'tab-3=', cap)).toBeNull();
    apigw.answer((request) => (request.url.includes('tab-1') ? APIGW_REFUSALS.gone : posted));
    await announce(['user-43'], '2026-11-27T20:00:00.000Z');
    expect(await store.bySub('user-43')).toEqual(['tab-2=']);
    expect(await store.claimSlot('user-43', 'tab-3=', cap)).toBe(0);
  });
});
