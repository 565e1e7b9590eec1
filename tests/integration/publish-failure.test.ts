import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';
import { sweepOutbox } from '../../functions/platform/event-store/publisher.js';
import { unpublished } from '../../functions/platform/event-store/event-store.js';

let stack: TestStack;
let client: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  client = await stack.signUpClient();
});
afterAll(() => stack?.stop());

async function unpublishedCount(): Promise<number> {
  let count = 0;
  for await (const _ of unpublished(stack.local.runtime.store, new Date(Date.now() + 60_000).toISOString())) count += 1;
  return count;
}

describe('when PutEvents fails', () => {
  it('the commit stands, the sweeper delivers it later, and the projection catches up; nothing is lost', async () => {
    // Refuse the odd-numbered projects every time (the publisher's own retry fails too): those
    // commits stay marked in the outbox.
    // (The bus carries the sealed form: the title is not readable there; the submissions' order is.)
    const submitted: string[] = [];
    stack.local.bus.faults.refuseEntry = (entry) => {
      if (entry.DetailType !== 'ProjectSubmitted') return false;
      const { eventId } = JSON.parse(entry.Detail) as { eventId: string };
      if (!submitted.includes(eventId)) submitted.push(eventId);
      return submitted.indexOf(eventId) % 2 === 1;
    };
    const ids: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      const created = await stack.api('POST', '/api/projects', {
        user: client,
        body: minimalProject({ title: `Project ${i}` }),
      });
      expect(created.status).toBe(201);
      ids.push(created.body.project.id);
    }
    await stack.settle();
    const visibleBefore = (await stack.api('GET', '/api/projects', { user: client })).body.projects.length;
    expect(visibleBefore).toBe(3);
    expect(await unpublishedCount()).toBe(6 - visibleBefore);

    stack.local.bus.faults.refuseEntry = undefined;
    const swept = await sweepOutbox(stack.local.runtime.publisher, 0);
    expect(swept.published).toBe(6 - visibleBefore);
    await stack.settle();

    const after = (await stack.api('GET', '/api/projects', { user: client })).body.projects.map(
      (p: { id: string }) => p.id,
    );
    expect(after.sort()).toEqual([...ids].sort());
    expect(await unpublishedCount()).toBe(0);
  });

  it('a consumer that fails is retried, and its failures end in the dead-letter list, not in silence', async () => {
    let failures = 0;
    stack.local.bus.faults.beforeDelivery = (subscription) => {
      if (subscription === 'projections' && (failures += 1) <= 2) throw new Error('crashed midway');
    };
    const created = await stack.api('POST', '/api/projects', {
      user: client,
      body: minimalProject({ title: 'Retried' }),
    });
    await stack.settle();
    stack.local.bus.faults.beforeDelivery = undefined;
    const ids = (await stack.api('GET', '/api/projects', { user: client })).body.projects.map(
      (p: { id: string }) => p.id,
    );
    expect(ids).toContain(created.body.project.id);
    expect(stack.local.bus.deadLetters).toEqual([]);
  });
});
