import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import {
  ConnectionStore,
  emailListeners,
  roleListeners,
  subListeners,
} from '../../functions/platform/realtime/connections.js';
import { sharedDynamoClient } from '../../functions/platform/aws/dynamodb.js';
import { ensureTables, startDynamo } from '../../infra/local/dynamo.js';

/**
 * The listener items an announcement reads in one batch (ConnectionStore.listeners): who is listed,
 * for how long, and that a user's item never holds more fields than the user has slots.
 */
let dynamo: Awaited<ReturnType<typeof startDynamo>>;
let store: ConnectionStore;
const previousEndpoint = process.env.DYNAMODB_ENDPOINT;

beforeAll(async () => {
  dynamo = await startDynamo({});
  await ensureTables(dynamo.endpoint, { events: 'events', views: 'views', connections: 'listeners-test' });
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  store = new ConnectionStore(sharedDynamoClient(), 'listeners-test');
});
afterAll(async () => {
  if (previousEndpoint === undefined) delete process.env.DYNAMODB_ENDPOINT;
  else process.env.DYNAMODB_ENDPOINT = previousEndpoint;
  await dynamo.stop();
});

const CAP = 3;
async function connect(
  connectionId: string,
  sub: string,
  role: 'client' | 'designer' | 'admin',
  email = '',
  now?: number,
) {
  const slot = await store.claimSlot(sub, connectionId, CAP, now);
  if (slot === null) return null;
  await store.add({ connectionId, slot, sub, email, role }, now);
  return slot;
}

describe('listener items', () => {
  it('list each connection under its user, its proven e-mail and its role, all read in one call', async () => {
    await connect('a-1=', 'user-a', 'client');
    await connect('d-1=', 'user-d', 'designer', 'Dana@Example.com');
    await connect('x-1=', 'user-x', 'admin');
    await connect('x-2=', 'user-x', 'admin');
    const found = await store.listeners([
      subListeners('user-a'),
      emailListeners('dana@example.com'),
      roleListeners('admin'),
      subListeners('nobody'),
    ]);
    expect(found.get(subListeners('user-a'))).toEqual(['a-1=']);
    expect(found.get(emailListeners('dana@example.com'))).toEqual(['d-1=']);
    expect(found.get(roleListeners('admin'))?.sort()).toEqual(['x-1=', 'x-2=']);
    expect(found.get(subListeners('nobody'))).toBeUndefined();
    // A designer's connection hears as a designer, not as an admin; a client's, as neither.
    expect((await store.listeners([roleListeners('designer')])).get(roleListeners('designer'))).toEqual(['d-1=']);
  });

  it('forget a removed connection everywhere, and leave a newer holder of its slot listed', async () => {
    await connect('b-1=', 'user-b', 'designer', 'bo@example.com');
    await store.remove('b-1=');
    const after = await store.listeners([subListeners('user-b'), emailListeners('bo@example.com')]);
    expect(after.get(subListeners('user-b'))).toEqual([]);
    expect(after.get(emailListeners('bo@example.com'))).toEqual([]);

    // A disconnect that comes after the slot was taken again (the old one expired): the new holder stays.
    const hour = 60 * 60 * 1000;
    const long = Date.now() - 3 * hour;
    for (const id of ['old-1=', 'old-2=', 'old-3=']) await connect(id, 'user-c', 'client', '', long);
    expect((await store.listeners([subListeners('user-c')])).get(subListeners('user-c'))).toEqual([]);
    expect(await connect('new-1=', 'user-c', 'client')).toBe(0);
    await store.remove('old-1=');
    expect((await store.listeners([subListeners('user-c')])).get(subListeners('user-c'))).toEqual(['new-1=']);
  });

  it('hold at most a field per slot of a user, however many times the user connects', async () => {
    for (let i = 0; i < 20; i += 1) {
      const id = `t-${i}=`;
      expect(await connect(id, 'user-t', 'client')).not.toBeNull();
      await store.remove(id);
    }
    // Connections whose disconnect never came, three hours apart (a slot is free again past a
    // connection's two-hour lifetime): each overwrites its slot's field when it claims the slot.
    const hour = 60 * 60 * 1000;
    for (let round = 0; round < 4; round += 1)
      for (let i = 0; i < CAP; i += 1)
        expect(await connect(`s-${round}-${i}=`, 'user-t', 'client', '', Date.now() - (12 - 3 * round) * hour)).toBe(i);
    const { Item } = await sharedDynamoClient().send(
      new GetCommand({ TableName: 'listeners-test', Key: { connectionId: '$listeners#sub#user-t', sk: 'listeners' } }),
    );
    const fields = Object.keys(Item ?? {}).filter((name) => name !== 'connectionId' && name !== 'sk');
    expect(fields).toHaveLength(CAP);
    expect(await store.listeners([subListeners('user-t')])).toEqual(new Map([[subListeners('user-t'), []]]));
  });

  it('read more keys than one batch holds', async () => {
    const subs = Array.from({ length: 130 }, (_, i) => `many-${i}`);
    for (const sub of subs.slice(0, 3)) await connect(`${sub}=`, sub, 'client');
    await connect('many-129=', 'many-129', 'client');
    const found = await store.listeners(subs.map(subListeners));
    expect([...found.values()].flat().sort()).toEqual(['many-0=', 'many-129=', 'many-1=', 'many-2=']);
  });
});
