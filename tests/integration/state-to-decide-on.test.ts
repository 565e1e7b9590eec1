import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../functions/app/catalogue.js';
import { ProfileUpdated } from '../../functions/features/users/events.js';
import type { Decider } from '../../functions/platform/decider.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { stateToDecideOn } from '../../functions/platform/event-store/load-state.js';
import { Publisher } from '../../functions/platform/event-store/publisher.js';
import { countCalls } from '../../functions/platform/observability/call-count.js';
import type { Appending } from '../../functions/platform/runtime.js';
import { startStore } from '../support/store.js';

/**
 * A handler's check before its command (the review's and the city review's actions): on the fold
 * this process remembers, with no read, when it passes there; on a fresh load when it does not, so
 * a process whose fold is stale (another process appended since) never refuses what the stream allows.
 */
const counter: Decider<{ n: number }, { count: number }> = {
  initialState: () => ({ count: 0 }),
  evolve: (state) => ({ count: state.count + 1 }),
  decide: (command) => [ProfileUpdated.create({ company: `c${command.n}` })],
};
const actor = { sub: 'u1', role: 'client' as const };

let env: Awaited<ReturnType<typeof startStore>>;
beforeAll(async () => {
  env = await startStore();
});
afterAll(() => env?.stop());

/** A process of its own: its own store, so its own remembered folds. */
const processRuntime = (): Appending => {
  const store = new EventStore({ catalogue, codec: env.codec, client: env.client, tableName: env.names.events });
  return {
    store,
    views: env.views,
    now: () => new Date(),
    bus: { putEvents: async () => ({ failedIndexes: [] }) },
    publisher: new Publisher({ putEvents: async () => ({ failedIndexes: [] }) }, store),
  };
};

async function counted<T>(work: () => Promise<T>): Promise<{ value: T; calls: string[] }> {
  const tally = countCalls();
  try {
    return { value: await work(), calls: tally.operations };
  } finally {
    tally.stop();
  }
}

describe('stateToDecideOn', () => {
  it('checks the remembered fold without a read, and a fresh load when the remembered one refuses', async () => {
    const streamId = 'user-decide-on';
    const here = processRuntime();
    const elsewhere = processRuntime();
    await runCommand(counter, streamId, { n: 1 }, { actor }, here);
    await runCommand(counter, streamId, { n: 2 }, { actor }, elsewhere);
    await runCommand(counter, streamId, { n: 3 }, { actor }, elsewhere);

    // Passes on what this process remembers (one event): nothing is read, the context is awaited.
    const remembered = await counted(() =>
      stateToDecideOn(counter, streamId, here, Promise.resolve('team-1'), (state) => state.count >= 1),
    );
    expect(remembered.value).toEqual({ state: { count: 1 }, context: 'team-1' });
    expect(remembered.calls).toEqual([]);

    // Refused there, allowed by the stream (three events): checked again on a load.
    const loaded = await counted(() =>
      stateToDecideOn(counter, streamId, here, Promise.resolve('team-1'), (state) => state.count >= 3),
    );
    expect(loaded.value.state).toEqual({ count: 3 });
    expect(loaded.calls.length).toBeGreaterThan(0);

    // A command decided on the stale fold is refused at its commit and decided again on the stream.
    const result = await runCommand(counter, streamId, { n: 4 }, { actor }, processRuntime());
    expect(result.version).toBe(4);
    expect((await runCommand(counter, streamId, { n: 5 }, { actor }, elsewhere)).version).toBe(5);
    expect((await runCommand(counter, streamId, { n: 6 }, { actor }, here)).version).toBe(6);
  });

  it('loads a stream this process knows nothing of', async () => {
    const streamId = 'user-decide-on-cold';
    await runCommand(counter, streamId, { n: 1 }, { actor }, processRuntime());
    const { value, calls } = await counted(() =>
      stateToDecideOn(counter, streamId, processRuntime(), Promise.resolve(null), () => true),
    );
    expect(value).toEqual({ state: { count: 1 }, context: null });
    expect(calls.length).toBeGreaterThan(0);
  });
});
