import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COSTLY } from '../../infra/routes.js';
import { TestStack, type TestUser } from '../support/stack.js';

/**
 * The embedded stack with API Gateway's throttling on, as `npm start` runs it: a burst past a costly
 * route's limit gets API Gateway's 429, which reaches no handler, and the route serves again once
 * its bucket refills. (The other test files run without it: they send bursts no person would.)
 */
let stack: TestStack;
let client: TestUser;

beforeAll(async () => {
  stack = await TestStack.start({ apiThrottle: true });
  client = await stack.signUpClient();
});
afterAll(() => stack?.stop());

describe('API throttling in the embedded stack', () => {
  it("a burst of checklist requests: the route's burst passes, the rest get 429 Too Many Requests", async () => {
    const started = Date.now();
    // An empty brief: a request that passes the throttle is answered 400 by the handler.
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => stack.api('POST', '/api/checklists', { user: client, body: {} })),
    );
    const seconds = (Date.now() - started) / 1000;
    const refused = answers.filter((answer) => answer.status === 429);
    const passed = answers.filter((answer) => answer.status !== 429);
    expect(refused.length).toBeGreaterThan(0);
    expect(passed.length).toBeGreaterThanOrEqual(COSTLY.ai.burst);
    // The bucket refills at the route's rate while the burst is served.
    expect(passed.length).toBeLessThanOrEqual(COSTLY.ai.burst + Math.ceil(COSTLY.ai.rate * seconds));
    expect(passed.every((answer) => answer.status === 400)).toBe(true);
    expect(refused[0]!.body).toEqual({ message: 'Too Many Requests' });
  });

  it('other routes still answer meanwhile, and the route serves again once its bucket refills', async () => {
    expect((await stack.api('GET', '/api/health')).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await stack.api('POST', '/api/checklists', { user: client, body: {} })).status).toBe(400);
  });
});
