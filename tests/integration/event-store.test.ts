import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH } from '../../events/envelope.js';
import { ProfileUpdated, UserRegistered } from '../../functions/features/users/events.js';
import { verifyChain } from '../../events/hash-chain.js';
import { userDecider } from '../../functions/features/users/decider.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { ConcurrencyError, HttpError } from '../../functions/platform/errors.js';
import { Publisher } from '../../functions/platform/event-store/publisher.js';
import type { Appending as Runtime } from '../../functions/platform/runtime.js';
import { injectFaults } from '../support/faults.js';
import { startStore } from '../support/store.js';
import { readAll } from '../../functions/platform/event-store/event-log.js';
import { sweepOutbox } from '../../functions/platform/event-store/publisher.js';
import { sweepMark } from '../../functions/platform/event-store/event-store.js';

const actor = { sub: 'u1', role: 'client' as const };
let env: Awaited<ReturnType<typeof startStore>>;

beforeAll(async () => {
  env = await startStore();
});
afterAll(() => env.stop());

const registered = UserRegistered.create({ user_id: 'u1', email: 'a@example.com' });

describe('event store on dynalite', () => {
  it('appends commits and reads them back in order, with a verified hash chain', async () => {
    const first = await env.store.append('user-a', [registered], { version: 0, hash: GENESIS_HASH }, { actor });
    const second = await env.store.append(
      'user-a',
      [ProfileUpdated.create({ company: 'A' }), ProfileUpdated.create({ company: 'B' })],
      { version: 1, hash: first.events[0]!.hash },
      { actor, correlationId: 'c-1' },
    );
    expect(second).toMatchObject({ firstVersion: 2, lastVersion: 3 });
    // The chain covers the stored form, personal fields sealed (the e-mail address here).
    const slice = await env.store.readStream('user-a', { raw: true });
    expect(slice.events.map((e) => e.version)).toEqual([1, 2, 3]);
    expect(slice.events[1]!.correlationId).toBe('c-1');
    expect(verifyChain(slice.events)).toEqual({ intact: true, events: 3 });
    expect((await env.store.readStream('user-a', { from: 3 })).events.map((e) => e.version)).toEqual([3]);
    expect((await env.store.readStream('user-a', { to: 2 })).events.map((e) => e.version)).toEqual([1, 2]);
  });

  it('refuses a commit on a version someone else already wrote', async () => {
    const first = await env.store.append('user-b', [registered], { version: 0, hash: GENESIS_HASH }, { actor });
    expect(first.lastVersion).toBe(1);
    await expect(
      env.store.append('user-b', [registered], { version: 0, hash: GENESIS_HASH }, { actor }),
    ).rejects.toBeInstanceOf(ConcurrencyError);
  });

  it('reads every stream in global order, resumable after a position', async () => {
    const positions: string[] = [];
    for await (const commit of readAll(env.store)) positions.push(commit.position);
    expect(positions.length).toBeGreaterThanOrEqual(3);
    expect([...positions].sort()).toEqual(positions);
    const rest: string[] = [];
    for await (const commit of readAll(env.store, { after: positions[0] })) rest.push(commit.position);
    expect(rest).toEqual(positions.slice(1));
  });

  it('keeps an altered event detectable: the chain names its version', async () => {
    const slice = await env.store.readStream('user-a', { raw: true });
    const item = await env.client.send(
      new GetCommand({ TableName: env.names.events, Key: { streamId: 'user-a', version: 2 } }),
    );
    const events = JSON.parse(item.Item!.events);
    events[1].data.company = 'Tampered';
    await env.client.send(
      new UpdateCommand({
        TableName: env.names.events,
        Key: { streamId: 'user-a', version: 2 },
        UpdateExpression: 'SET events = :e',
        ExpressionAttributeValues: { ':e': JSON.stringify(events) },
      }),
    );
    const after = await env.store.readStream('user-a', { raw: true });
    expect(verifyChain(slice.events)).toMatchObject({ intact: true });
    expect(verifyChain(after.events)).toMatchObject({ intact: false, brokenAt: 3 });
  });
});

describe('50 concurrent commands on one stream', () => {
  it('commit with contiguous versions or answer 409, never a duplicate', async () => {
    const runtime = {
      store: env.store,
      views: env.views,
      publisher: new Publisher({ putEvents: async () => ({ failedIndexes: [] }) }, env.store),
      now: () => new Date(),
    } as unknown as Runtime;
    await runCommand(
      userDecider,
      'user-race',
      { type: 'RegisterUser', user_id: 'race', email: 'race@example.com' },
      { actor },
      runtime,
    );
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        runCommand(userDecider, 'user-race', { type: 'UpdateProfile', company: `Company ${i}` }, { actor }, runtime),
      ),
    );
    const committed = outcomes.filter((o) => o.status === 'fulfilled').length;
    const refused = outcomes.filter((o) => o.status === 'rejected');
    for (const failure of refused) {
      expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(HttpError);
      expect(((failure as PromiseRejectedResult).reason as HttpError).status).toBe(409);
    }
    expect(committed + refused.length).toBe(50);
    const slice = await env.store.readStream('user-race', { raw: true });
    expect(slice.events.map((e) => e.version)).toEqual(Array.from({ length: committed + 1 }, (_, i) => i + 1));
    expect(new Set(slice.events.map((e) => e.eventId)).size).toBe(slice.events.length);
    expect(verifyChain(slice.events).intact).toBe(true);
  });
});

describe('a command on a state this process remembers', () => {
  const runtimeOf = () =>
    ({
      store: env.store,
      views: env.views,
      publisher: new Publisher({ putEvents: async () => ({ failedIndexes: [] }) }, env.store),
      now: () => new Date(),
    }) as unknown as Runtime;

  it('decides again on the stream as it is when another process appended since', async () => {
    const here = runtimeOf();
    await runCommand(
      userDecider,
      'user-remembered',
      { type: 'RegisterUser', user_id: 'remembered', email: 'remembered@example.com' },
      { actor },
      here,
    );
    await runCommand(userDecider, 'user-remembered', { type: 'UpdateProfile', company: 'Here' }, { actor }, here);
    // Another process (another runtime object: nothing remembered) appends behind this one's back.
    const elsewhere = await runCommand(
      userDecider,
      'user-remembered',
      { type: 'UpdateProfile', company: 'Elsewhere' },
      { actor },
      runtimeOf(),
    );
    expect(elsewhere.version).toBe(3);
    const result = await runCommand(
      userDecider,
      'user-remembered',
      { type: 'UpdateProfile', full_name: 'Remy Member' },
      { actor },
      here,
    );
    expect(result.version).toBe(4);
    expect(result.state).toMatchObject({ company: 'Elsewhere', full_name: 'Remy Member' });
    const slice = await env.store.readStream('user-remembered', { raw: true });
    expect(slice.events.map((event) => event.version)).toEqual([1, 2, 3, 4]);
    expect(verifyChain(slice.events).intact).toBe(true);
  });

  it('answers "nothing changed" and refusals from the stream, not from a stale memory', async () => {
    const here = runtimeOf();
    await runCommand(
      userDecider,
      'user-stale',
      { type: 'RegisterUser', user_id: 'stale', email: 'stale@example.com' },
      { actor },
      here,
    );
    await runCommand(userDecider, 'user-stale', { type: 'UpdateProfile', company: 'Old' }, { actor }, here);
    await runCommand(userDecider, 'user-stale', { type: 'UpdateProfile', company: 'New' }, { actor }, runtimeOf());
    // Remembered: company 'Old'. Asking for 'New' changes nothing on the real stream.
    const result = await runCommand(
      userDecider,
      'user-stale',
      { type: 'UpdateProfile', company: 'New' },
      { actor },
      here,
    );
    expect(result).toMatchObject({ version: 3, events: [] });
    expect(result.state).toMatchObject({ company: 'New' });
  });
});

describe('a bus that does not answer', () => {
  // Answers only by giving up when the caller stops waiting, like a connection gone silent.
  const silentBus = {
    putEvents: (_entries: unknown, options?: { abortSignal?: AbortSignal }) =>
      new Promise<never>((_, reject) =>
        options?.abortSignal?.addEventListener('abort', () => reject(options.abortSignal!.reason)),
      ),
  };

  it('a command answers after its commit, within the publish budget: the commit stays marked for the ' +
    'sweeper', async () => {
    const runtime = {
      store: env.store,
      views: env.views,
      publisher: new Publisher(silentBus, env.store),
      now: () => new Date(),
    } as unknown as Runtime;
    const result = await runCommand(
      userDecider,
      'user-silent-bus',
      { type: 'RegisterUser', user_id: 'silent', email: 'silent@example.com' },
      { actor },
      runtime,
    );
    expect(result.version).toBe(1);
    const { Item } = await env.client.send(
      new GetCommand({
        TableName: env.names.events,
        Key: { streamId: 'user-silent-bus', version: 1 },
        ConsistentRead: true,
      }),
    );
    expect(Item?.outbox).toBe('pending');
  }, 20_000);

  it('a publish given a budget reports failure when it runs out, and clears nothing', async () => {
    const commit = await env.store.append(
      'user-silent-bus-2',
      [registered],
      { version: 0, hash: GENESIS_HASH },
      { actor },
    );
    expect(await new Publisher(silentBus, env.store).publish(commit, { withinMs: 100 })).toBe(false);
    const { Item } = await env.client.send(
      new GetCommand({
        TableName: env.names.events,
        Key: { streamId: 'user-silent-bus-2', version: 1 },
        ConsistentRead: true,
      }),
    );
    expect(Item?.outbox).toBe('pending');
  });
});

describe('the outbox sweep', () => {
  it('delivers what a failed publish left marked, and never moves its mark past an undelivered commit', async () => {
    const fresh = await startStore();
    try {
      let refuse = true;
      const delivered: string[] = [];
      const bus = {
        putEvents: async (entries: { Detail: string }[]) => {
          if (refuse) return { failedIndexes: entries.map((_, index) => index) };
          delivered.push(...entries.map((entry) => JSON.parse(entry.Detail).streamId));
          return { failedIndexes: [] };
        },
      };
      const publisher = new Publisher(bus, fresh.store, 0);
      const first = await fresh.store.append(
        'user-sweep-a',
        [registered],
        { version: 0, hash: GENESIS_HASH },
        { actor },
      );
      const second = await fresh.store.append(
        'user-sweep-b',
        [registered],
        { version: 0, hash: GENESIS_HASH },
        { actor },
      );
      await fresh.store.markPublished(first);
      expect(await publisher.publish(second)).toBe(false);

      const later = Date.now() + 1_000;
      expect(await sweepOutbox(publisher, 0, later)).toEqual({ found: 1, published: 0 });
      expect(await sweepMark(fresh.store)).toBe(second.position);

      refuse = false;
      expect(await sweepOutbox(publisher, 0, later)).toEqual({ found: 1, published: 1 });
      expect(delivered).toEqual(['user-sweep-b']);
      expect((await sweepMark(fresh.store))! > second.position).toBe(true);
      // Nothing left, and the next sweep starts past both commits.
      expect(await sweepOutbox(publisher, 0, later + 1_000)).toEqual({ found: 0, published: 0 });
    } finally {
      await fresh.stop();
    }
  });
});

describe('an append whose answer is lost', () => {
  /** Drops the connection after the first conditional PutItem on the events table has landed. */
  function dropFirstAppendAnswer() {
    let dropped = 0;
    const restore = injectFaults(env.client, ({ operation, input }) => {
      if (operation !== 'PutItem' || input.TableName !== env.names.events || dropped > 0) return undefined;
      dropped += 1;
      return 'drop-after';
    });
    return { restore, dropped: () => dropped };
  }

  it(
    'succeeds once: the SDK retries, collides with its ' + 'own first attempt, and the store recognises its commit',
    async () => {
      const fault = dropFirstAppendAnswer();
      try {
        const commit = await env.store.append('user-lost', [registered], { version: 0, hash: GENESIS_HASH }, { actor });
        expect(commit).toMatchObject({ firstVersion: 1, lastVersion: 1 });
      } finally {
        fault.restore();
      }
      expect(fault.dropped()).toBe(1);
      const { events } = await env.store.readStream('user-lost', { raw: true });
      expect(events.map((event) => event.version)).toEqual([1]);
    },
  );

  it('through a command: the change is committed once and reported as its own (not as "nothing changed")', async () => {
    const runtime = {
      store: env.store,
      views: env.views,
      now: () => new Date(),
      publisher: new Publisher({ putEvents: async () => ({ failedIndexes: [] }) }, env.store),
    } as unknown as Runtime;
    await runCommand(
      userDecider,
      'user-lost-2',
      { type: 'RegisterUser', user_id: 'lost', email: 'lost@example.com' },
      { actor },
      runtime,
    );
    const fault = dropFirstAppendAnswer();
    let result: Awaited<ReturnType<typeof runCommand>>;
    try {
      result = await runCommand(
        userDecider,
        'user-lost-2',
        { type: 'UpdateProfile', company: 'Once' },
        { actor },
        runtime,
      );
    } finally {
      fault.restore();
    }
    expect(fault.dropped()).toBe(1);
    expect(result.events.map((event) => event.type)).toEqual(['ProfileUpdated']);
    const { events } = await env.store.readStream('user-lost-2', { raw: true });
    expect(events.map((event) => event.type)).toEqual(['UserRegistered', 'ProfileUpdated']);
  });

  it('still refuses a commit someone else wrote at that version', async () => {
    await env.store.append('user-other', [registered], { version: 0, hash: GENESIS_HASH }, { actor });
    const fault = dropFirstAppendAnswer();
    try {
      // This append's first attempt is refused (the key is taken); its answer is lost, the retry is refused again.
      await expect(
        env.store.append('user-other', [registered], { version: 0, hash: GENESIS_HASH }, { actor }),
      ).rejects.toBeInstanceOf(ConcurrencyError);
    } finally {
      fault.restore();
    }
    expect((await env.store.readStream('user-other', { raw: true })).events).toHaveLength(1);
  });
});
