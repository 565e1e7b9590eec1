import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from '../../functions/app/catalogue.js';
import { Replayer } from '../../functions/app/replay.js';
import { ProfileUpdated } from '../../functions/features/users/events.js';
import { fold, type Decider } from '../../functions/platform/decider.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { EventStore } from '../../functions/platform/event-store/event-store.js';
import { loadFold, SNAPSHOT_EVERY, SNAPSHOT_VERSION } from '../../functions/platform/event-store/folds.js';
import { Publisher } from '../../functions/platform/event-store/publisher.js';
import { countCalls } from '../../functions/platform/observability/call-count.js';
import type { Appending } from '../../functions/platform/runtime.js';
import { startStore } from '../support/store.js';

/**
 * Snapshots are derived data: a command on a long stream loads the fold's snapshot and reads only
 * the events after it, and what it loads equals the full fold of the stream. A snapshot that does
 * not chain onto the events after it, or of another revision of the fold, is ignored, and the fold
 * is rebuilt from the events (and stored again).
 */
interface Tally {
  count: number;
  companies: string[];
}

const decider = (revision: number): Decider<{ company: string }, Tally> => ({
  initialState: () => ({ count: 0, companies: [] }),
  evolve: (state, event) => ({
    count: state.count + 1,
    companies: [...state.companies.slice(-4), String((event.data as { company?: string }).company)],
  }),
  decide: (command) => [ProfileUpdated.create({ company: command.company })],
  snapshot: { name: 'tally', revision },
});
const tally = decider(1);
const actor = { sub: 'u1', role: 'client' as const };

let env: Awaited<ReturnType<typeof startStore>>;
beforeAll(async () => {
  env = await startStore();
});
afterAll(() => env?.stop());

/** A store as a new process has it: nothing remembered. */
const coldStore = () =>
  new EventStore({ catalogue, codec: env.codec, client: env.client, tableName: env.names.events });
const runtimeOf = (store: EventStore): Appending => ({
  store,
  views: env.views,
  now: () => new Date(),
  bus: { putEvents: async () => ({ failedIndexes: [] }) },
  publisher: new Publisher({ putEvents: async () => ({ failedIndexes: [] }) }, store),
});
const fullFold = async (streamId: string, evolution = tally) =>
  fold(evolution, (await env.store.readStream(streamId)).events);

/** A stream of `length` commands, then a cold load that stores its snapshot. */
async function snapshotted(streamId: string, length: number) {
  const warm = runtimeOf(coldStore());
  for (let i = 0; i < length; i += 1) await runCommand(tally, streamId, { company: `c${i}` }, { actor }, warm);
  await loadFold(tally, streamId, coldStore(), { snapshots: 'write' });
}

const FORGED = { count: 999, companies: ['forged'] };

/** Someone rewrites fields of the stored snapshot behind the store's back. */
async function tamper(streamId: string, fields: Record<string, unknown>) {
  const names = Object.keys(fields);
  await env.client.send(
    new UpdateCommand({
      TableName: env.names.events,
      Key: { streamId, version: SNAPSHOT_VERSION },
      UpdateExpression: `SET ${names.map((_, i) => `#s.#f${i} = :f${i}`).join(', ')}`,
      ExpressionAttributeNames: { '#s': 'snap_tally', ...Object.fromEntries(names.map((name, i) => [`#f${i}`, name])) },
      ExpressionAttributeValues: Object.fromEntries(names.map((name, i) => [`:f${i}`, fields[name]])),
    }),
  );
}

describe('snapshots', () => {
  it(
    'a cold command on a long stream reads only the events ' + 'after the snapshot, and loads what the full fold gives',
    async () => {
      const streamId = 'user-snap-long';
      // Commits through one process, then a cold process: its first load folds everything and stores a snapshot.
      const warm = runtimeOf(coldStore());
      for (let i = 0; i < SNAPSHOT_EVERY + 30; i += 1)
        await runCommand(tally, streamId, { company: `c${i}` }, { actor }, warm);
      const first = await loadFold(tally, streamId, coldStore(), { snapshots: 'write' });
      expect(first.read).toBe(SNAPSHOT_EVERY + 30);
      for (let i = 0; i < 7; i += 1) await runCommand(tally, streamId, { company: `d${i}` }, { actor }, warm);

      const cold = await loadFold(tally, streamId, coldStore());
      expect(cold.read).toBe(7);
      expect(cold.state).toEqual(await fullFold(streamId));
      expect(cold.version).toBe(SNAPSHOT_EVERY + 37);

      // And a cold command commits on it, chained to the right hash.
      const result = await runCommand(tally, streamId, { company: 'last' }, { actor }, runtimeOf(coldStore()));
      expect(result.state).toEqual(await fullFold(streamId));
      const events = (await env.store.readStream(streamId)).events;
      expect(events.at(-1)!.prevHash).toBe(events.at(-2)!.hash);
    },
  );

  it('a snapshot that does not chain onto the stream is ignored and rebuilt from the events', async () => {
    const streamId = 'user-snap-forged';
    await snapshotted(streamId, SNAPSHOT_EVERY + 2);
    // Someone rewrites the snapshot's state and hash at an earlier version.
    await tamper(streamId, { version: 3, state: JSON.stringify(FORGED), lastHash: 'f'.repeat(64) });
    const loaded = await loadFold(tally, streamId, coldStore(), { snapshots: 'write' });
    expect(loaded.state).toEqual(await fullFold(streamId));
    // Rebuilt: the next cold load starts from a true snapshot again.
    const again = await loadFold(tally, streamId, coldStore());
    expect(again.read).toBe(0);
    expect(again.state).toEqual(await fullFold(streamId));
  });

  it('the audit replay rewrites a snapshot from the events, even a wrong state at the right hash', async () => {
    const streamId = 'user-snap-replayed';
    await snapshotted(streamId, SNAPSHOT_EVERY + 3);
    // A state written in clear is not the sealed form: a load ignores it and folds the events.
    await tamper(streamId, { state: JSON.stringify(FORGED) });
    expect((await loadFold(tally, streamId, coldStore())).state).toEqual(await fullFold(streamId));
    // Sealed by someone who holds the stream's key, version and hash kept: a load cannot tell (it
    // chains), the replay can.
    await tamper(streamId, { state: await env.codec.sealState(streamId, 'tally', FORGED) });
    expect((await loadFold(tally, streamId, coldStore())).state).toEqual(FORGED);

    const replayer = new Replayer(env.store, env.views, [], [{ streamPrefix: 'user-snap-replayed', evolution: tally }]);
    expect((await replayer.run({ dryRun: true, streamId })).snapshotsWritten).toBe(0);
    expect((await replayer.run({ streamId })).snapshotsWritten).toBe(1);
    const loaded = await loadFold(tally, streamId, coldStore());
    expect(loaded.read).toBe(0);
    expect(loaded.state).toEqual(await fullFold(streamId));
  });

  it('a new revision of the fold ignores the older snapshots', async () => {
    const streamId = 'user-snap-revision';
    const warm = runtimeOf(coldStore());
    for (let i = 0; i < SNAPSHOT_EVERY + 1; i += 1)
      await runCommand(tally, streamId, { company: `c${i}` }, { actor }, warm);
    await loadFold(tally, streamId, coldStore(), { snapshots: 'write' });
    const next = decider(2);
    const loaded = await loadFold(next, streamId, coldStore());
    expect(loaded.read).toBe(SNAPSHOT_EVERY + 1);
    expect(loaded.state).toEqual(await fullFold(streamId, next));
  });

  it(
    'the fold a command remembers and the one a load reads are shared: a load then a command reads ' +
      'the stream once',
    async () => {
      const streamId = 'user-snap-once';
      const store = coldStore();
      await runCommand(tally, streamId, { company: 'a' }, { actor }, runtimeOf(coldStore()));
      const runtime = runtimeOf(store);
      // The container's first append reads the store's configuration once: not this stream's cost.
      await runCommand(tally, 'user-snap-other', { company: 'x' }, { actor }, runtime);
      const calls = countCalls();
      try {
        const { state } = await loadFold(tally, streamId, store);
        expect(state.count).toBe(1);
        await runCommand(tally, streamId, { company: 'b' }, { actor }, runtime);
      } finally {
        calls.stop();
      }
      // One read of the stream (its newest commits, all of it), then the commit; no second load.
      expect(calls.operations.filter((operation) => /DynamoDB\.(Query|GetItem)/.test(operation))).toHaveLength(1);
      expect(calls.operations.filter((operation) => /DynamoDB\.PutItem/.test(operation))).toHaveLength(1);
    },
  );
});
