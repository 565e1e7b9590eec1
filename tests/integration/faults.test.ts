import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../../events/hash-chain.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';
import { liveAndReplayed } from '../support/snapshot.js';
import { injectFaults } from '../support/faults.js';
import { sweepOutbox } from '../../functions/platform/event-store/publisher.js';

/**
 * Faults: the bus refusing events, consumers crashing part-way, DynamoDB throttling, failing and
 * dropping connections below the SDK (its own retries at work). After
 * recovery (sweeper, retries, dead-letter redrive) no event is lost and the projections equal a clean
 * replay of the store.
 */
let stack: TestStack;
let client: TestUser;
let admin: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  client = await stack.signUpClient();
  admin = await stack.admin();
});
afterAll(() => stack?.stop());

/** Each submission's own idempotency key, unique in this run (and apart from any earlier run's). */
const run = Date.now().toString(36);
let submissions = 0;

/** A random but reproducible fault schedule. */
function chance(seed: number) {
  let state = seed;
  return (probability: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31 < probability;
  };
}

/**
 * Submits `count` projects as the SPA does: one Idempotency-Key per submission, kept across its
 * retries. Under faults a request may answer 503 (the SDK's attempts, or its retry quota, used up:
 * never 500) or 409 'still being processed' (a failed attempt's claim not yet released): both say
 * to retry in a moment, and the retry gets the one project, never a second.
 */
async function load(count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    submissions += 1;
    const key = `faults-load-${run}-${submissions}`;
    const submit = () =>
      stack.api('POST', '/api/projects', {
        user: client,
        body: minimalProject({ title: `Load ${i}` }),
        headers: { 'idempotency-key': key },
      });
    let created = await submit();
    const retryable = () =>
      created.status === 503 ||
      (created.status === 409 && JSON.stringify(created.body).includes('IDEMPOTENCY_IN_PROGRESS'));
    for (let attempt = 0; attempt < 90 && retryable(); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      created = await submit();
    }
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    ids.push(created.body.project.id);
  }
  return ids;
}

/** After faults: redrive dead letters (as an operator would redrive the DLQ), sweep the outbox, settle. */
async function recover() {
  const bus = stack.local.bus;
  bus.faults = {};
  const letters = bus.deadLetters.splice(0);
  for (const letter of letters)
    await bus.putEvents([
      { Source: 'design-club', DetailType: letter.event.type, Detail: JSON.stringify(letter.event) },
    ]);
  await sweepOutbox(stack.local.runtime.publisher, 0);
  await stack.settle();
  return letters.length;
}

async function expectNothingLost(ids: string[]) {
  const listed = (await stack.api('GET', '/api/projects', { user: client })).body.projects.map(
    (p: { id: string }) => p.id,
  );
  for (const id of ids) expect(listed).toContain(id);
  for (const id of ids)
    expect(
      verifyChain((await stack.local.runtime.store.readStream(`project-${id}`, { raw: true })).events).intact,
    ).toBe(true);
  const { live, replayed, report } = await liveAndReplayed(stack.local.runtime);
  expect(report.broken).toEqual([]);
  expect(live).toEqual(replayed);
}

describe('faults', () => {
  it('PutEvents failing for 20% of calls: the sweeper delivers the rest, nothing is lost', async () => {
    const fail = chance(7);
    stack.local.bus.faults.refuseEntry = () => fail(0.2);
    const ids = await load(25);
    await stack.settle();
    await recover();
    await expectNothingLost(ids);
  });

  it(
    'a consumer crashing midway (after some item writes, ' + 'before its checkpoint) is retried to the same result',
    async () => {
      const crash = chance(11);
      const views = stack.local.runtime.views;
      const putGuarded = views.putGuarded.bind(views);
      let crashes = 0;
      views.putGuarded = async (...args) => {
        if (crash(0.3)) {
          crashes += 1;
          throw new Error('consumer crashed midway');
        }
        return putGuarded(...args);
      };
      try {
        const ids = await load(15);
        await stack.settle();
        views.putGuarded = putGuarded;
        await recover();
        // The fault schedule must have struck, or this proves nothing about recovery.
        expect(crashes).toBeGreaterThan(0);
        await expectNothingLost(ids);
      } finally {
        views.putGuarded = putGuarded;
      }
    },
  );

  it('throttling on the views table: the SDK retries and redelivery absorb it', async () => {
    const throttle = chance(23);
    const views = stack.local.runtime.views;
    // Below the SDK (its request handler): what DynamoDB throttling looks like on the wire. The
    // event store and the views share this client; only calls on the views table are throttled.
    const restore = injectFaults(views.client, ({ input }) => {
      const onViews = input.TableName === views.tableName || !!input.RequestItems?.[views.tableName];
      return onViews && throttle(0.25) ? 'throttle' : undefined;
    });
    let ids: string[] = [];
    try {
      ids = await load(15);
      await stack.settle();
    } finally {
      restore();
    }
    await recover();
    await expectNothingLost(ids);
    // The SDK waits 500 ms and more (doubling, jittered) before retrying a throttled call, and one
    // call in four is: 35–55 s alone, more beside the other test files.
  }, 240_000);

  it('5xx answers and dropped connections on every table, appends included: no event lost, none doubled, no false ' +
    '409', async () => {
    const fault = chance(31);
    const faults = ['server-error', 'drop-before', 'drop-after'] as const;
    let injected = 0;
    const restore = injectFaults(stack.local.runtime.views.client, () => {
      if (!fault(0.15)) return undefined;
      injected += 1;
      return faults[injected % faults.length];
    });
    let ids: string[] = [];
    try {
      ids = await load(15);
      await stack.settle();
    } finally {
      restore();
    }
    expect(injected).toBeGreaterThan(0);
    await recover();
    await expectNothingLost(ids);
    for (const id of ids) {
      const { events } = await stack.local.runtime.store.readStream(`project-${id}`, { raw: true });
      expect(new Set(events.map((event) => event.eventId)).size).toBe(events.length);
      expect(events.map((event) => event.version)).toEqual(events.map((_, index) => index + 1));
    }
  }, 240_000);

  it('the admin can still read everything after the faults', async () => {
    expect((await stack.api('GET', '/api/projects', { user: admin })).body.projects.length).toBeGreaterThanOrEqual(55);
  });
});
