import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSource, inProcessSource } from '../../infra/redrive/local-source.js';
import { redrive } from '../../infra/redrive/run.js';
import { liveAndReplayed } from '../support/snapshot.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

/**
 * A consumer that keeps failing on one stream's events: they land in the embedded dead-letter store,
 * the other streams keep flowing, a redrive while the fault is still there reports the poison by
 * stream and version (and leaves it queued), and once the fault is gone the redrive — through the
 * running stack's loopback admin port, as `npm run redrive` does — re-delivers everything and the
 * projections equal a clean replay of the store.
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

const create = async (title: string) => {
  const created = await stack.api('POST', '/api/projects', { user: client, body: minimalProject({ title }) });
  expect(created.status).toBe(201);
  return created.body.project.id as string;
};
const priorityOf = async (id: string) =>
  (await stack.api('GET', `/api/projects/${id}`, { user: admin })).body.project.priority;

describe('redrive', () => {
  it('parks a poison event, keeps the other streams flowing, and re-delivers it once the fault is gone', async () => {
    const poisoned = await create('Poisoned stream');
    const healthy = await create('Healthy stream');
    await stack.settle();
    const poisonedStream = `project-${poisoned}`;

    // The projections consumer fails on every event of one stream, on every attempt.
    stack.local.bus.faults.beforeDelivery = (subscription, event) => {
      if (subscription === 'projections' && event.streamId === poisonedStream)
        throw new Error('projection bug: cannot apply this event');
    };
    expect(
      (await stack.api('PATCH', `/api/projects/${poisoned}`, { user: admin, body: { priority: 'Urgent' } })).status,
    ).toBe(200);
    expect(
      (await stack.api('PATCH', `/api/projects/${poisoned}`, { user: admin, body: { due_date: '2030-01-02' } })).status,
    ).toBe(200);
    expect(
      (await stack.api('PATCH', `/api/projects/${healthy}`, { user: admin, body: { priority: 'Urgent' } })).status,
    ).toBe(200);
    await stack.settle();

    // The other stream flowed; the poisoned one waits in the dead letters, by stream and version.
    expect(await priorityOf(healthy)).toBe('Urgent');
    expect(await priorityOf(poisoned)).not.toBe('Urgent');
    const source = inProcessSource(stack.local.bus);
    const letters = await source.list();
    expect(letters.map((l) => [l.consumer, l.streamId, l.type])).toEqual([
      ['projections', poisonedStream, 'PriorityChanged'],
      ['projections', poisonedStream, 'DueDateChanged'],
    ]);
    expect(letters[0]!.version).toBeLessThan(letters[1]!.version);
    expect(letters[0]).toMatchObject({ error: 'projection bug: cannot apply this event', attempts: 3 });

    // A dry run changes nothing.
    const dry = await redrive(source, { all: true, dryRun: true });
    expect(dry.selected).toHaveLength(2);
    expect(await source.list()).toHaveLength(2);

    // Redriving while the bug is still there: reported by stream and version, back in the queue; the
    // later version of that stream waits behind it instead of failing the same way.
    const progress: string[] = [];
    const failing = await redrive(source, {
      all: true,
      onProgress: ({ done, total, outcome }) =>
        progress.push(`${done}/${total} ${typeof outcome === 'string' ? outcome : outcome.ok}`),
    });
    expect(failing.stillFailing.map((l) => [l.streamId, l.version, l.lastError])).toEqual([
      [poisonedStream, letters[0]!.version, 'projection bug: cannot apply this event'],
    ]);
    expect(failing.skipped.map((l) => [l.streamId, l.version, l.blockedBy])).toEqual([
      [poisonedStream, letters[1]!.version, letters[0]!.version],
    ]);
    expect(progress).toEqual(['1/2 false', '2/2 skipped']);
    expect((await source.list()).map((l) => l.version).sort()).toEqual(letters.map((l) => l.version).sort());
    expect((await source.list()).find((l) => l.version === letters[0]!.version)!.attempts).toBe(6);

    // The fix is deployed; the operator redrives through the running stack's admin port.
    stack.local.bus.faults = {};
    const adminPort = adminSource(stack.local.opsAdmin);
    const listed = await adminPort.list();
    expect(listed).toHaveLength(2);
    const fixed = await redrive(adminPort, { all: true });
    expect(fixed.redelivered).toHaveLength(2);
    expect(fixed.stillFailing).toEqual([]);
    await stack.settle();
    expect(stack.local.bus.deadLetters).toEqual([]);
    expect(await priorityOf(poisoned)).toBe('Urgent');

    const { live, replayed, report } = await liveAndReplayed(stack.local.runtime);
    expect(report.broken).toEqual([]);
    expect(live).toEqual(replayed);
  });

  it('redelivers one chosen letter, to its consumer only', async () => {
    const id = await create('One letter');
    await stack.settle();
    const deliveries: string[] = [];
    stack.local.bus.faults.beforeDelivery = (subscription, event) => {
      if (event.streamId !== `project-${id}`) return;
      deliveries.push(subscription);
      if (subscription === 'notifications') throw new Error('notifications table unreachable');
    };
    await stack.api('PATCH', `/api/projects/${id}`, { user: admin, body: { due_date: '2030-03-04' } });
    await stack.settle();
    const [letter] = await inProcessSource(stack.local.bus).list();
    expect(letter).toMatchObject({ consumer: 'notifications', streamId: `project-${id}`, type: 'DueDateChanged' });
    stack.local.bus.faults.beforeDelivery = (subscription, event) => {
      if (event.streamId === `project-${id}`) deliveries.push(`redrive:${subscription}`);
    };
    const report = await redrive(adminSource(stack.local.opsAdmin), { ids: [letter!.id, 'no-such-letter'] });
    expect(report.redelivered.map((l) => l.id)).toEqual([letter!.id]);
    expect(report.unknownIds).toEqual(['no-such-letter']);
    expect(deliveries.filter((d) => d.startsWith('redrive:'))).toEqual(['redrive:notifications']);
    stack.local.bus.faults = {};
  });

  it('the admin port refuses requests without its token, and bad bodies with a 4xx, changing nothing', async () => {
    const { url, token } = stack.local.opsAdmin;
    expect(new URL(url).hostname).toBe('127.0.0.1');
    expect((await fetch(`${url}/dead-letters`)).status).toBe(401);
    expect((await fetch(`${url}/dead-letters`, { headers: { 'x-ops-token': `${token}x` } })).status).toBe(401);
    const post = (body: string, type = 'application/json') =>
      fetch(`${url}/dead-letters/redeliver`, {
        method: 'POST',
        headers: { 'x-ops-token': token, 'content-type': type },
        body,
      });
    for (const [body, type, status] of [
      ['{"id":"x"}', 'text/plain', 415],
      ['not json', 'application/json', 400],
      ['{"id":42}', 'application/json', 400],
      [`{"id":"${'x'.repeat(200)}"}`, 'application/json', 400],
      ['{"id":"01NOPE"}', 'application/json', 404],
    ] as const) {
      const response = await post(body, type);
      expect(response.status, body).toBe(status);
      expect((await response.json()).error.message).toEqual(expect.any(String));
    }
    expect((await fetch(`${url}/dead-letters`, { headers: { 'x-ops-token': token } })).status).toBe(200);
  });
});
