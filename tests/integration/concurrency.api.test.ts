import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../../events/hash-chain.js';
import type { ProjectState } from '../../functions/features/projects/decider.js';
import { TestStack, minimalProject } from '../support/stack.js';
import { liveAndReplayed } from '../support/snapshot.js';

let stack: TestStack;
beforeAll(async () => {
  stack = await TestStack.start();
});
afterAll(() => stack?.stop());

describe('50 callers changing one project at once, through the API', () => {
  it('each get 200 or 409; versions stay contiguous; the final state equals the replay', async () => {
    const client = await stack.signUpClient();
    const admin = await stack.admin();
    const created = await stack.api('POST', '/api/projects', { user: client, body: minimalProject() });
    const id = created.body.project.id;
    await stack.settle();

    const priorities = ['Urgent', 'Normal', 'Low'];
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        stack.api('PATCH', `/api/projects/${id}`, {
          user: admin,
          body: { priority: priorities[i % 3], due_date: `2027-01-${String((i % 28) + 1).padStart(2, '0')}` },
        }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
    for (const refused of responses.filter((r) => r.status === 409))
      expect(refused.body.error?.message).toMatch(/changed by someone else/);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);

    const stream = await stack.local.runtime.store.readStream(`project-${id}`, { raw: true });
    expect(stream.events.map((e) => e.version)).toEqual(stream.events.map((_, i) => i + 1));
    expect(verifyChain(stream.events).intact).toBe(true);

    await stack.settle();
    const detail = await stack.api('GET', `/api/projects/${id}`, { user: admin });
    const audit = await stack.api('GET', `/api/audit/project-${id}`, { user: admin });
    expect(detail.body.project.priority).toBe((audit.body.state as ProjectState).priority);
    expect(detail.body.project.due_date).toBe((audit.body.state as ProjectState).due_date);
    const { live, replayed } = await liveAndReplayed(stack.local.runtime);
    expect(live).toEqual(replayed);
  });
});
