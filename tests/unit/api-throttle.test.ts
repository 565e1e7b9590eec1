import { describe, expect, it } from 'vitest';
import { ApiThrottle, type ThrottleCaller } from '../../infra/local/api-throttle.js';
import { COSTLY, STAGE_THROTTLE, routes, type RouteDefinition } from '../../infra/routes.js';

/** The embedded stack's API Gateway throttling, on a clock the test moves. */
const route = (path: string, method = 'POST') =>
  routes.find((candidate) => candidate.path === path && candidate.method === method)!;
const checklists = route('/api/checklists');
const health = route('/api/health', 'GET');

function clocked() {
  let now = 1_000_000;
  return { throttle: new ApiThrottle(() => now), advance: (ms: number) => (now += ms) };
}
const stranger: ThrottleCaller = { address: '203.0.113.7' };
const passes = (throttle: ApiThrottle, target: RouteDefinition, count: number, caller: ThrottleCaller = stranger) =>
  Array.from({ length: count }, () => throttle.allows(target, caller)).filter(Boolean).length;

describe('the embedded API throttling (API Gateway token buckets)', () => {
  it("a costly route takes its burst at once, then its rate: the checklist route's 10, then 5 a second", () => {
    expect(checklists.throttle).toEqual(COSTLY.ai);
    const { throttle, advance } = clocked();
    expect(passes(throttle, checklists, 15)).toBe(10);
    advance(200);
    expect(passes(throttle, checklists, 3)).toBe(1);
    advance(2_000);
    expect(passes(throttle, checklists, 20)).toBe(10);
  });

  it("every route together takes the stage's burst, then its rate", () => {
    expect(health.throttle).toBeUndefined();
    const { throttle, advance } = clocked();
    expect(passes(throttle, health, STAGE_THROTTLE.burst + 50)).toBe(STAGE_THROTTLE.burst);
    expect(passes(throttle, checklists, 1)).toBe(0);
    advance(1_000 / STAGE_THROTTLE.rate);
    expect(passes(throttle, health, 5)).toBe(1);
  });

  it('a request refused by its route spends none of the stage: other routes keep the whole burst', () => {
    const { throttle } = clocked();
    expect(passes(throttle, checklists, 500)).toBe(COSTLY.ai.burst);
    expect(passes(throttle, health, STAGE_THROTTLE.burst)).toBe(STAGE_THROTTLE.burst - COSTLY.ai.burst);
  });

  it(
    "strangers cannot spend a signed-in caller's allowance: anonymous calls count per address, signed-in ones per " +
      'user',
    () => {
      const { throttle } = clocked();
      // Issue 34, attack 11: 40 unauthenticated calls to the checklist route.
      expect(passes(throttle, checklists, 40, stranger)).toBe(COSTLY.ai.burst);
      expect(passes(throttle, checklists, 1, { user: 'client-1' })).toBe(1);
      // Another address has its own allowance; so has each user.
      expect(passes(throttle, checklists, 40, { address: '198.51.100.9' })).toBe(COSTLY.ai.burst);
      expect(passes(throttle, checklists, 40, { user: 'client-2' })).toBe(COSTLY.ai.burst);
      expect(passes(throttle, checklists, 40, { user: 'client-1' })).toBe(COSTLY.ai.burst - 1);
    },
  );

  it("an anonymous flood does not spend the stage: signed-in callers keep the whole API's burst", () => {
    const { throttle } = clocked();
    expect(passes(throttle, health, STAGE_THROTTLE.burst + 50, stranger)).toBe(STAGE_THROTTLE.burst);
    expect(passes(throttle, health, STAGE_THROTTLE.burst, { user: 'client-1' })).toBe(STAGE_THROTTLE.burst);
    // The stage is every signed-in caller's together, as API Gateway's is.
    expect(passes(throttle, health, 1, { user: 'client-2' })).toBe(0);
  });
});
