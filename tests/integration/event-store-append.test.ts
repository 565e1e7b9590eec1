import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENESIS_HASH } from '../../events/envelope.js';
import { ProfileUpdated } from '../../functions/features/users/events.js';
import { injectFaults, type Attempt } from '../support/faults.js';
import { startStore } from '../support/store.js';

const actor = { sub: 'u1', role: 'client' as const };
const event = ProfileUpdated.create({ company: 'A' });
let env: Awaited<ReturnType<typeof startStore>>;

beforeEach(async () => {
  env = await startStore();
});
afterEach(() => env.stop());

const appendTo = (streams: number) =>
  Promise.allSettled(
    Array.from({ length: streams }, (_, i) =>
      env.store.append(`user-${i}`, [event], { version: 0, hash: GENESIS_HASH }, { actor }),
    ),
  );

describe("EventStore.append, a container's first commits", () => {
  it('records the first day once for concurrent first appends, not once each', async () => {
    const attempts: Attempt[] = [];
    const restore = injectFaults(env.client, (attempt) => void attempts.push(attempt));
    const results = await appendTo(8);
    restore();
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    const count = (operation: string, table = env.names.events) =>
      attempts.filter((attempt) => attempt.operation === operation && attempt.input.TableName === table).length;
    expect(count('PutItem')).toBe(8);
    // Each stream's first commit makes its data key with one conditional write, and reads none.
    expect(count('PutItem', env.names.keys)).toBe(8);
    expect(count('GetItem', env.names.keys)).toBe(0);
    expect(count('UpdateItem')).toBe(1);
    // One read of the byTime shard configuration, shared like the first-day write.
    expect(count('GetItem')).toBe(1);
    expect(await env.store.firstDay({ fresh: true })).toBe(new Date().toISOString().slice(0, 10));
  });

  it(
    'when the shared first-day write fails, only its own ' + 'append fails; the others record the day themselves',
    async () => {
      let updates = 0;
      // The first UpdateItem and all of the SDK's retries of it answer 500; later ones go through.
      const restore = injectFaults(env.client, (attempt) =>
        attempt.operation === 'UpdateItem' && (updates += 1) <= 6 ? 'server-error' : undefined,
      );
      const results = await appendTo(3);
      restore();
      expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
      expect((await env.store.readStream('user-1')).version).toBe(1);
      expect((await env.store.readStream('user-0')).version).toBe(0);
      expect(await env.store.firstDay({ fresh: true })).toBe(new Date().toISOString().slice(0, 10));
    },
  );
});
