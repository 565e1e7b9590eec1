import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXPIRED_GUARDS_SWEPT_AT,
  GUARD_LIFETIME_MINUTES,
  isGuardAttribute,
} from '../../functions/platform/event-store/counter-guards.js';
import { counterAttribute } from '../../functions/platform/views/counters.js';
import { startStore } from '../support/store.js';

/**
 * Counter items (views.addCounts) against dynalite: each step of each owner counts once in an item,
 * all of its fields together, whatever else lands between two settles of it — the cases a throttled
 * projector meets when a settle is interrupted and redelivered, or two instances settle the same
 * pending counts.
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
const countOf = async (key: { pk: string; sk: string }, field = 'x') =>
  Number((await stored(key))?.[counterAttribute(field)] ?? 0);
/** One counter, field `x`: what a step of a single counter adds. */
const addCount = (
  key: { pk: string; sk: string },
  delta: number,
  step: { owner: string; version: number },
  now?: number,
) => env.views.addCounts(1, key, { x: delta }, step, now);
const guardsOf = async (key: { pk: string; sk: string }) =>
  Object.keys((await stored(key)) ?? {}).filter(isGuardAttribute);
const owner = (i: number) => `cp#projects#project-${i}`;

describe('counters count each step once', () => {
  it('a step settled again (the SDK retry of an answer lost, a redelivery) adds nothing more', async () => {
    const key = fresh();
    for (let i = 0; i < 3; i += 1) await addCount(key, 1, { owner: owner(1), version: 4 });
    expect(await countOf(key)).toBe(1);
  });

  it("other owners' steps landing between two settles of one step do not make it count twice", async () => {
    // More owners than the 64 guard slots of the scheme before (which collided, and re-counted).
    const key = fresh();
    const owners = Array.from({ length: 200 }, (_, i) => owner(1000 + i));
    for (const name of owners) await addCount(key, 1, { owner: name, version: 1 });
    for (const name of owners.reverse()) await addCount(key, 1, { owner: name, version: 1 });
    expect(await countOf(key)).toBe(200);
  });

  it('a late settle of an older step, after the stream moved on, is refused', async () => {
    const key = fresh();
    await addCount(key, 1, { owner: owner(2), version: 1 });
    await addCount(key, -1, { owner: owner(2), version: 3 });
    await addCount(key, 1, { owner: owner(2), version: 1 });
    expect(await countOf(key)).toBe(0);
    await addCount(key, 1, { owner: owner(2), version: 5 });
    expect(await countOf(key)).toBe(1);
  });

  it('a counter back at 0 keeps its guard: settling its last step again does not go below 0', async () => {
    const key = fresh();
    await addCount(key, 1, { owner: owner(3), version: 1 });
    await addCount(key, -1, { owner: owner(3), version: 2 });
    await addCount(key, -1, { owner: owner(3), version: 2 });
    expect(await countOf(key)).toBe(0);
    expect(await guardsOf(key)).toHaveLength(1);
  });

  it('concurrent settles of the same steps by several instances count each once', async () => {
    const key = fresh();
    const steps = Array.from({ length: 30 }, (_, i) => ({ owner: owner(2000 + i), version: 2 }));
    await Promise.all([0, 1, 2].flatMap(() => steps.map((step) => addCount(key, 1, step))));
    expect(await countOf(key)).toBe(30);
  });

  it('guards past their lifetime are removed together once enough have gathered; the counts stay right', async () => {
    const key = fresh();
    const start = Date.parse('2026-11-25T00:00:00Z');
    const few = EXPIRED_GUARDS_SWEPT_AT - 1;
    for (let i = 0; i < few; i += 1) await addCount(key, 1, { owner: owner(3000 + i), version: 1 }, start);
    expect(await guardsOf(key)).toHaveLength(few);
    // An update past their hour finds them expired but too few to sweep: one call, none removed. The
    // update that finds enough removes them all with one more call.
    let calls = 0;
    env.views.client.middlewareStack.add(
      (next) => (args) => {
        calls += 1;
        return next(args);
      },
      { step: 'initialize', name: 'sweepCallCounter' },
    );
    try {
      const later = start + (GUARD_LIFETIME_MINUTES + 2) * 60_000;
      await addCount(key, 1, { owner: owner(3100), version: 1 }, later);
      expect(calls).toBe(1);
      expect(await guardsOf(key)).toHaveLength(few + 1);
      // Past the second guard's hour too: now EXPIRED_GUARDS_SWEPT_AT of them, swept in one call.
      const latest = later + (GUARD_LIFETIME_MINUTES + 2) * 60_000;
      calls = 0;
      await addCount(key, 1, { owner: owner(3200), version: 1 }, latest);
      expect(calls).toBe(2);
      expect(await guardsOf(key)).toHaveLength(1);
      expect(await countOf(key)).toBe(few + 2);
    } finally {
      env.views.client.middlewareStack.remove('sweepCallCounter');
    }
  });

  it('guards of the slot scheme before this one (g0…g63) are removed by the next update', async () => {
    const key = fresh();
    await env.client.send(
      new UpdateCommand({
        TableName: env.names.views,
        Key: { pk: `1#${key.pk}`, sk: key.sk },
        UpdateExpression: 'SET c_x = :n, g7 = :t, g41 = :t',
        ExpressionAttributeValues: { ':n': 2, ':t': 'projects|project-x|1>2' },
      }),
    );
    await addCount(key, 1, { owner: owner(4), version: 1 });
    expect(await guardsOf(key)).toEqual([expect.stringMatching(/^g_/)]);
    expect(await countOf(key)).toBe(3);
  });

  it('a version a guard cannot hold is refused before anything is written', async () => {
    const key = fresh();
    await expect(addCount(key, 1, { owner: owner(5), version: 0 })).rejects.toThrow(RangeError);
    await expect(addCount(key, 1, { owner: owner(5), version: 2 ** 60 })).rejects.toThrow(RangeError);
    expect(await stored(key)).toBeUndefined();
  });
});

describe('several counters of one item move under one guard', () => {
  const column = { all: 1, 'd=d1': 1, 'p=Urgent': 1, 'd=d1#p=Urgent': 1 };

  it('a redelivered step adds to none of its fields again', async () => {
    const key = fresh();
    for (let i = 0; i < 3; i += 1) await env.views.addCounts(1, key, column, { owner: owner(6), version: 2 });
    for (const field of Object.keys(column)) expect(await countOf(key, field)).toBe(1);
    expect(await guardsOf(key)).toHaveLength(1);
  });

  it('two owners moving the same fields of one item each count once, whatever the interleaving', async () => {
    const key = fresh();
    const steps = [
      { owner: owner(7), version: 1 },
      { owner: owner(8), version: 1 },
    ];
    await Promise.all([0, 1, 2].flatMap(() => steps.map((step) => env.views.addCounts(1, key, column, step))));
    for (const field of Object.keys(column)) expect(await countOf(key, field)).toBe(2);
    // One moves its project to another designer's fields: a step that adds and takes away at once.
    await env.views.addCounts(
      1,
      key,
      { 'd=d1': -1, 'd=d1#p=Urgent': -1, 'd=d2': 1, 'd=d2#p=Urgent': 1 },
      {
        owner: owner(7),
        version: 2,
      },
    );
    await env.views.addCounts(1, key, { 'd=d1': -1, 'd=d2': 1 }, { owner: owner(7), version: 2 });
    expect({
      all: await countOf(key, 'all'),
      d1: await countOf(key, 'd=d1'),
      d2: await countOf(key, 'd=d2'),
      d2Urgent: await countOf(key, 'd=d2#p=Urgent'),
    }).toEqual({ all: 2, d1: 1, d2: 1, d2Urgent: 1 });
  });

  it('a field named like the key, a version or a guard is kept apart from them', async () => {
    const key = fresh();
    const guard = 'g_abc';
    await env.views.addCounts(1, key, { pk: 1, sk: 1, v: 1, [guard]: 1 }, { owner: owner(9), version: 1 });
    const item = await stored(key);
    expect(item).toMatchObject({ pk: `1#${key.pk}`, sk: key.sk, c_pk: 1, c_sk: 1, c_v: 1, c_g_abc: 1 });
    expect(item?.v).toBeUndefined();
    expect(await guardsOf(key)).toEqual([expect.stringMatching(/^g_/)]);
    expect(await guardsOf(key)).not.toContain(guard);
  });

  it('fields that do not move are not written, and a step that moves none writes nothing', async () => {
    const key = fresh();
    await env.views.addCounts(1, key, { a: 0, b: 0 }, { owner: owner(10), version: 1 });
    expect(await stored(key)).toBeUndefined();
    await env.views.addCounts(1, key, { a: 1, b: 0 }, { owner: owner(10), version: 2 });
    expect(await stored(key)).not.toHaveProperty(counterAttribute('b'));
    expect(await countOf(key, 'a')).toBe(1);
  });
});
