import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUARD_LIFETIME_MINUTES, isGuardAttribute } from '../../functions/platform/event-store/counter-guards.js';
import { startStore } from '../support/store.js';

/**
 * Counter items (views.addCount) against dynalite: each step of each owner counts once, whatever
 * else lands between two settles of it — the cases a throttled projector meets when a settle is
 * interrupted and redelivered, or two instances settle the same pending counts.
 */
let env: Awaited<ReturnType<typeof startStore>>;
let counters = 0;

beforeAll(async () => {
  env = await startStore();
});
afterAll(() => env.stop());

const fresh = () => ({ pk: `count#test#${(counters += 1)}`, sk: 'n' });
const stored = async (key: { pk: string; sk: string }) =>
  (
    await env.client.send(
      new GetCommand({ TableName: env.names.views, Key: { pk: `1#${key.pk}`, sk: key.sk }, ConsistentRead: true }),
    )
  ).Item;
const countOf = async (key: { pk: string; sk: string }) => Number((await stored(key))?.n ?? 0);
const guardsOf = async (key: { pk: string; sk: string }) =>
  Object.keys((await stored(key)) ?? {}).filter(isGuardAttribute);
const owner = (i: number) => `cp#projects#project-${i}`;

describe('counters count each step once', () => {
  it('a step settled again (the SDK retry of an answer lost, a redelivery) adds nothing more', async () => {
    const key = fresh();
    for (let i = 0; i < 3; i += 1) await env.views.addCount(1, key, 1, { owner: owner(1), version: 4 });
    expect(await countOf(key)).toBe(1);
  });

  it("other owners' steps landing between two settles of one step do not make it count twice", async () => {
    // More owners than the 64 guard slots of the scheme before (which collided, and re-counted).
    const key = fresh();
    const owners = Array.from({ length: 200 }, (_, i) => owner(1000 + i));
    for (const name of owners) await env.views.addCount(1, key, 1, { owner: name, version: 1 });
    for (const name of owners.reverse()) await env.views.addCount(1, key, 1, { owner: name, version: 1 });
    expect(await countOf(key)).toBe(200);
  });

  it('a late settle of an older step, after the stream moved on, is refused', async () => {
    const key = fresh();
    await env.views.addCount(1, key, 1, { owner: owner(2), version: 1 });
    await env.views.addCount(1, key, -1, { owner: owner(2), version: 3 });
    await env.views.addCount(1, key, 1, { owner: owner(2), version: 1 });
    expect(await countOf(key)).toBe(0);
    await env.views.addCount(1, key, 1, { owner: owner(2), version: 5 });
    expect(await countOf(key)).toBe(1);
  });

  it('a counter back at 0 keeps its guard: settling its last step again does not go below 0', async () => {
    const key = fresh();
    await env.views.addCount(1, key, 1, { owner: owner(3), version: 1 });
    await env.views.addCount(1, key, -1, { owner: owner(3), version: 2 });
    await env.views.addCount(1, key, -1, { owner: owner(3), version: 2 });
    expect(await countOf(key)).toBe(0);
    expect(await guardsOf(key)).toHaveLength(1);
  });

  it('concurrent settles of the same steps by several instances count each once', async () => {
    const key = fresh();
    const steps = Array.from({ length: 30 }, (_, i) => ({ owner: owner(2000 + i), version: 2 }));
    await Promise.all([0, 1, 2].flatMap(() => steps.map((step) => env.views.addCount(1, key, 1, step))));
    expect(await countOf(key)).toBe(30);
  });

  it('guards older than their lifetime are removed by the next update, and the counts stay right', async () => {
    const key = fresh();
    const start = Date.parse('2026-11-25T00:00:00Z');
    for (let i = 0; i < 5; i += 1) await env.views.addCount(1, key, 1, { owner: owner(3000 + i), version: 1 }, start);
    expect(await guardsOf(key)).toHaveLength(5);
    const later = start + (GUARD_LIFETIME_MINUTES + 2) * 60_000;
    await env.views.addCount(1, key, 1, { owner: owner(3100), version: 1 }, later);
    expect(await guardsOf(key)).toHaveLength(1);
    expect(await countOf(key)).toBe(6);
  });

  it('guards of the slot scheme before this one (g0…g63) are removed by the next update', async () => {
    const key = fresh();
    await env.client.send(
      new UpdateCommand({
        TableName: env.names.views,
        Key: { pk: `1#${key.pk}`, sk: key.sk },
        UpdateExpression: 'SET n = :n, g7 = :t, g41 = :t',
        ExpressionAttributeValues: { ':n': 2, ':t': 'projects|project-x|1>2' },
      }),
    );
    await env.views.addCount(1, key, 1, { owner: owner(4), version: 1 });
    expect(await guardsOf(key)).toEqual([expect.stringMatching(/^g_/)]);
    expect(await countOf(key)).toBe(3);
  });

  it('a version a guard cannot hold is refused before anything is written', async () => {
    const key = fresh();
    await expect(env.views.addCount(1, key, 1, { owner: owner(5), version: 0 })).rejects.toThrow(RangeError);
    await expect(env.views.addCount(1, key, 1, { owner: owner(5), version: 2 ** 60 })).rejects.toThrow(RangeError);
    expect(await stored(key)).toBeUndefined();
  });
});
