import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../../functions/app/projections.js';
import type { Projection } from '../../functions/platform/views/projection.js';
import { inProcessSource } from '../../infra/redrive/local-source.js';
import { redrive } from '../../infra/redrive/run.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

/**
 * A poison event: the projects projection itself cannot apply it (a bug in its fold, as an item too
 * large would be). It is retried a bounded number of times with backoff, then parked in the dead
 * letters with its reason; the later events of its stream wait behind it (failing fast, parked in
 * order), every other project keeps updating, memory stays bounded throughout, and once the bug is
 * fixed the redrive applies the event, once.
 */
let stack: TestStack;
let client: TestUser;
let admin: TestUser;
const projects = allProjections.find((projection) => projection.name === 'projects') as Projection;
const originalEvolve = projects.evolve;

beforeAll(async () => {
  stack = await TestStack.start();
  [client, admin] = await Promise.all([stack.signUpClient(), stack.admin()]);
});
afterAll(async () => {
  projects.evolve = originalEvolve;
  await stack?.stop();
});

const create = async (title: string) => {
  const created = await stack.api('POST', '/api/projects', { user: client, body: minimalProject({ title }) });
  expect(created.status).toBe(201);
  return created.body.project.id as string;
};
const project = async (id: string) => (await stack.api('GET', `/api/projects/${id}`, { user: admin })).body.project;
const patch = async (id: string, body: Record<string, unknown>) =>
  expect((await stack.api('PATCH', `/api/projects/${id}`, { user: admin, body })).status).toBe(200);

describe('a poison event', () => {
  it('is parked with its reason, stalls only its stream, keeps memory bounded, and applies once after ' +
    'a redrive', async () => {
    const poisoned = await create('Poisoned');
    const healthy = await create('Healthy');
    await stack.settle();
    const poisonedStream = `project-${poisoned}`;
    let failures = 0;
    // The bug: the projection cannot fold this project's priority change.
    projects.evolve = (state, event) => {
      if (event.streamId === poisonedStream && (event.data as { priority?: string }).priority === 'Urgent') {
        failures += 1;
        throw new Error('Item size has exceeded the maximum allowed size (simulated)');
      }
      return originalEvolve(state, event);
    };

    let peakRss = 0;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
    try {
      await patch(poisoned, { priority: 'Urgent' });
      // Later events of the poisoned stream, and of another project, interleaved.
      const LATER = 20;
      for (let i = 0; i < LATER; i += 1) {
        await patch(poisoned, { due_date: `2030-01-${String(i + 1).padStart(2, '0')}` });
        await patch(healthy, { priority: i % 2 ? 'Low' : 'Urgent' });
      }
      await stack.settle();

      // Every other project kept updating.
      expect(await project(healthy)).toMatchObject({ priority: 'Low' });
      // The poisoned one stalls at its last good state.
      expect((await project(poisoned)).priority).not.toBe('Urgent');
      // The poison was tried a bounded number of times (the bus's retries), not forever.
      expect(failures).toBeGreaterThan(0);
      expect(failures).toBeLessThanOrEqual(3 * (LATER + 1));
      // Parked in the dead letters with its reason; the later events of its stream behind it, visible.
      const letters = stack.local.bus.deadLetters.filter((letter) => letter.subscription === 'projections');
      expect(letters.every((letter) => letter.event.streamId === poisonedStream)).toBe(true);
      const poison = letters.find((letter) => (letter.event.data as { priority?: string }).priority === 'Urgent');
      expect(poison?.error, JSON.stringify(letters.map((l) => [l.event.type, l.event.version, l.error]))).toContain(
        'exceeded the maximum allowed size',
      );
      expect(letters.some((letter) => letter.error.includes(`waits for version ${poison!.event.version}`))).toBe(true);
    } finally {
      clearInterval(sampler);
    }
    // Generous: the embedded stack with dynalite in this process sits far below it; the projector
    // that retried forever climbed to about 5 GB.
    expect(peakRss).toBeLessThan(1.5 * 1024 ** 3);

    // The fix ships; the operator redrives (what `npm run redrive -- --all` does, in process).
    projects.evolve = originalEvolve;
    const report = await redrive(inProcessSource(stack.local.bus), { all: true, consumer: 'projections' });
    expect(report.stillFailing).toEqual([]);
    await stack.settle();
    expect(stack.local.bus.deadLetters.filter((letter) => letter.subscription === 'projections')).toEqual([]);
    expect(await project(poisoned)).toMatchObject({ priority: 'Urgent', due_date: '2030-01-20' });
    // Applied once: one activity entry for the priority change.
    const activity = (await stack.api('GET', `/api/projects/${poisoned}/activity`, { user: admin })).body.entries as {
      action: string;
      details: string | null;
    }[];
    expect(activity.filter((entry) => `${entry.action} ${entry.details ?? ''}`.includes('Urgent'))).toHaveLength(1);
  }, 240_000);
});
