import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH, type EventEnvelope } from '../../events/envelope.js';
import { ProfileUpdated, UserRegistered } from '../../functions/features/users/events.js';
import { usersProjection } from '../../functions/features/users/projection.js';
import { counterItemKey, counterValue, type CounterRef } from '../../functions/platform/views/counters.js';
import { Projector } from '../../functions/platform/views/projector.js';
import type { Projection } from '../../functions/platform/views/projection.js';
import { isGuardAttribute } from '../../functions/platform/event-store/counter-guards.js';
import { ViewStore } from '../../functions/platform/views/views.js';
import { startStore } from '../support/store.js';

let env: Awaited<ReturnType<typeof startStore>>;
let streamCounter = 0;
const actor = { sub: 'system', role: 'system' as const };

beforeAll(async () => {
  env = await startStore();
});
afterAll(() => env.stop());

async function writeStream(companies: string[]): Promise<EventEnvelope[]> {
  const sub = `p${(streamCounter += 1)}`;
  const streamId = `user-${sub}`;
  let expected = { version: 0, hash: GENESIS_HASH };
  const events: EventEnvelope[] = [];
  for (const next of [
    UserRegistered.create({ user_id: sub, email: `${sub}@example.com` }),
    ...companies.map((company) => ProfileUpdated.create({ company })),
  ]) {
    const commit = await env.store.append(streamId, [next], expected, { actor });
    events.push(...commit.events);
    expected = { version: commit.lastVersion, hash: commit.events.at(-1)!.hash };
  }
  return events;
}

const profileOf = async (gen: number, sub: string) => (await env.views.get(gen, `user#${sub}`, 'profile'))?.doc;

describe('projections are idempotent and order-tolerant', () => {
  it('events delivered twice and shuffled give the same projection as a clean replay', async () => {
    const projector = new Projector(env.store, env.views, [usersProjection]);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 6 }),
        fc.infiniteStream(fc.nat()),
        async (companies, randomness) => {
          const events = await writeStream(companies);
          const sub = String(events[0]!.data.user_id);
          // A clean replay into generation 1000: in order, once.
          for (const event of events) await projector.apply(1000, usersProjection, event);
          // Live delivery into generation 1: every event twice, in a random order.
          const deliveries = [...events, ...events];
          const picks = randomness.take(deliveries.length);
          const order = [...picks]
            .map((pick, i) => ({ pick, i }))
            .sort((a, b) => a.pick - b.pick || a.i - b.i)
            .map(({ i }) => deliveries[i]!);
          for (const event of order) await projector.apply(1, usersProjection, event);
          expect(await profileOf(1, sub)).toEqual(await profileOf(1000, sub));
          expect(JSON.parse((await profileOf(1, sub)) as string).company).toBe(companies.at(-1)!.trim() || null);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('an event arriving before its predecessors fills the gap from the store', async () => {
    const projector = new Projector(env.store, env.views, [usersProjection]);
    const events = await writeStream(['First', 'Second', 'Third']);
    await projector.apply(2, usersProjection, events.at(-1)!);
    const doc = JSON.parse((await profileOf(2, String(events[0]!.data.user_id))) as string);
    expect(doc).toMatchObject({ registered: true, company: 'Third' });
  });

  it('a projector that remembers a checkpoint another instance has moved past still ends right', async () => {
    const mine = new Projector(env.store, env.views, [usersProjection]);
    const other = new Projector(env.store, env.views, [usersProjection]);
    const events = await writeStream(['One', 'Two', 'Three', 'Four']);
    const sub = String(events[0]!.data.user_id);
    await mine.apply(3, usersProjection, events[0]!);
    await mine.apply(3, usersProjection, events[1]!);
    // The other instance applies 3 and 4; this one still remembers version 2.
    await other.apply(3, usersProjection, events[2]!);
    await other.apply(3, usersProjection, events[3]!);
    // Redelivered 4 and new-to-it 5 on a stale memory: the commit on version 2 fails, it reads again.
    await mine.apply(3, usersProjection, events[3]!);
    await mine.apply(3, usersProjection, events[4]!);
    expect(JSON.parse((await profileOf(3, sub)) as string)).toMatchObject({ company: 'Four' });
    const checkpoint = await env.views.get(3, `cp#users#user-${sub}`, 'cp', true);
    expect(checkpoint?.version).toBe(5);
  });

  it(
    'a settle interrupted part-way leaves only the items left on the checkpoint: a redrive after ' +
      "the counters' guards expired counts each once",
    async () => {
      const gen = 4;
      // The users projection with its two counters in items of their own, so a step moves two items.
      const split: Projection = {
        ...usersProjection,
        counters: (state) => usersProjection.counters!(state).map(({ field }) => ({ item: `split#${field}`, field })),
      };
      const views = new ViewStore(env.client, env.names.views, 0);
      const addCounts = views.addCounts.bind(views);
      let calls = 0;
      views.addCounts = async (...args) => {
        calls += 1;
        if (calls === 2) throw Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' });
        return addCounts(...args);
      };
      const events = await writeStream([]);
      const sub = String(events[0]!.data.user_id);
      // A new architect counts in two items: the first is applied, the second throws.
      await expect(new Projector(env.store, views, [split]).apply(gen, split, events[0]!)).rejects.toThrow(
        'Rate exceeded',
      );
      const checkpoint = await env.views.get(gen, `cp#users#user-${sub}`, 'cp', true);
      expect(JSON.parse(checkpoint!.pending as string)).toEqual({ items: { 'split#architects': { architects: 1 } } });
      const counters = split.counters!(usersProjection.evolve(usersProjection.initialState(), events[0]!));
      expect(counters).toHaveLength(2);
      // Hours later (a redrive): the guards have expired and were removed by other updates.
      for (const counter of counters) {
        const Key = { pk: `${gen}#${counterItemKey(counter.item).pk}`, sk: 'n' };
        const { Item } = await env.client.send(new GetCommand({ TableName: env.names.views, Key }));
        const guards = Object.keys(Item ?? {}).filter(isGuardAttribute);
        if (guards.length)
          await env.client.send(
            new UpdateCommand({
              TableName: env.names.views,
              Key,
              UpdateExpression: `REMOVE ${guards.map((_, i) => `#g${i}`).join(', ')}`,
              ExpressionAttributeNames: Object.fromEntries(guards.map((name, i) => [`#g${i}`, name])),
            }),
          );
      }
      await new Projector(env.store, env.views, [split]).apply(gen, split, events[0]!);
      const count = async ({ item, field }: CounterRef) =>
        counterValue(await env.views.get(gen, counterItemKey(item).pk, 'n', true), field);
      expect(await Promise.all(counters.map(count))).toEqual([1, 1]);
      expect((await env.views.get(gen, `cp#users#user-${sub}`, 'cp', true))?.pending).toBeUndefined();
    },
  );
});
