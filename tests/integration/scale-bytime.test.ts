import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH } from '../../events/envelope.js';
import { UserRegistered } from '../../functions/features/users/events.js';
import {
  EventStore,
  setByTimeShards,
  shardsInEffect,
  shardsToRead,
} from '../../functions/platform/event-store/event-store.js';
import { startStore } from '../support/store.js';
import { readAll } from '../../functions/platform/event-store/event-log.js';
import { catalogue } from '../../functions/app/catalogue.js';

/**
 * Issue 21: the byTime shard count comes from stored configuration, and can be raised without
 * migrating anything: readers of the global order find every commit, whatever count wrote it.
 */
let env: Awaited<ReturnType<typeof startStore>>;
const actor = { sub: 'system', role: 'system' as const };
let n = 0;

beforeAll(async () => {
  env = await startStore();
});
afterAll(() => env.stop());

async function appendWith(store: EventStore, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const sub = `bt${(n += 1)}`;
    await store.append(
      `user-${sub}`,
      [UserRegistered.create({ user_id: sub, email: `${sub}@example.com` })],
      { version: 0, hash: GENESIS_HASH },
      { actor },
    );
    ids.push(`user-${sub}`);
  }
  return ids;
}

describe('byTime shard count from stored configuration', () => {
  it('picks the count in effect for a day, and reads every count used up to it', () => {
    const config = [
      { from: '0000-00-00', shards: 4 },
      { from: '2026-06-01', shards: 16 },
      { from: '2026-09-01', shards: 8 },
    ];
    expect(shardsInEffect(config, '2026-05-31')).toBe(4);
    expect(shardsInEffect(config, '2026-06-01')).toBe(16);
    expect(shardsInEffect(config, '2026-10-01')).toBe(8);
    expect(shardsToRead(config, '2026-05-31')).toBe(4);
    expect(shardsToRead(config, '2026-10-01')).toBe(16);
  });

  it(
    'a raise takes effect for new writers; old commits ' + 'and a stale writer’s are still read, in order, once',
    async () => {
      const today = new Date().toISOString().slice(0, 10);
      const stale = new EventStore({
        catalogue,
        codec: env.store.codec,
        client: env.client,
        tableName: env.names.events,
      });
      expect(await stale.byTimeConfig()).toEqual([{ from: '0000-00-00', shards: 4 }]);
      const before = await appendWith(env.store, 12);

      const admin = new EventStore({
        catalogue,
        codec: env.store.codec,
        client: env.client,
        tableName: env.names.events,
      });
      expect(await setByTimeShards(admin, 32, today)).toEqual([
        { from: '0000-00-00', shards: 4 },
        { from: today, shards: 32 },
      ]);
      const fresh = new EventStore({
        catalogue,
        codec: env.store.codec,
        client: env.client,
        tableName: env.names.events,
      });
      const after = await appendWith(fresh, 40);
      // A container that read the configuration before the raise keeps writing with 4 shards.
      const late = await appendWith(stale, 6);

      const buckets = new Set<string>();
      const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
      for (const streamId of after) {
        const { Items } = await env.client.send(
          new QueryCommand({
            TableName: env.names.events,
            KeyConditionExpression: 'streamId = :s',
            ExpressionAttributeValues: { ':s': streamId },
          }),
        );
        buckets.add(String(Items![0]!.bucket));
      }
      // Spread over more than the old four shards.
      expect([...buckets].some((bucket) => Number(bucket.split('#')[1]) >= 4)).toBe(true);

      const reader = new EventStore({
        catalogue,
        codec: env.store.codec,
        client: env.client,
        tableName: env.names.events,
      });
      const seen: string[] = [];
      let last = '';
      for await (const commit of readAll(reader)) {
        seen.push(commit.streamId);
        expect(commit.position > last).toBe(true);
        last = commit.position;
      }
      for (const streamId of [...before, ...after, ...late])
        expect(seen.filter((id) => id === streamId)).toHaveLength(1);
    },
  );

  it('refuses a count that is not a whole number from 1 to 256, or a day that is not a day', async () => {
    await expect(setByTimeShards(env.store, 0, '2026-01-01')).rejects.toThrow(/1 to 256/);
    await expect(setByTimeShards(env.store, 4.5, '2026-01-01')).rejects.toThrow(/1 to 256/);
    await expect(setByTimeShards(env.store, 8, 'tomorrow')).rejects.toThrow(/YYYY-MM-DD/);
  });
});
