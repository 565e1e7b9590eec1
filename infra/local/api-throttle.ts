import { routeKey, STAGE_THROTTLE, type RouteDefinition, type Throttle } from '../routes.js';

/**
 * A token bucket as API Gateway describes its throttling: `burst` requests at once, refilled at
 * `rate` a second. `now` is in milliseconds.
 */
export class TokenBucket {
  private tokens: number;
  private at: number;

  constructor(
    private readonly limit: Throttle,
    now: number,
  ) {
    this.tokens = limit.burst;
    this.at = now;
  }

  /** Whether a request may pass now (refilling first); `take` spends its token. */
  has(now: number): boolean {
    this.tokens = Math.min(this.limit.burst, this.tokens + (Math.max(0, now - this.at) / 1000) * this.limit.rate);
    this.at = now;
    return this.tokens >= 1;
  }

  take(): void {
    this.tokens -= 1;
  }
}

/**
 * The HTTP API's throttling in the embedded stack: the stage's limit for every route together, and
 * a costly route's own (`throttle` in infra/routes.ts) for that route across all callers, as the
 * CDK stack sets them on API Gateway. A request passes only with a token from both; a refused one
 * spends neither.
 */
export class ApiThrottle {
  private readonly stage: TokenBucket;
  private readonly routes = new Map<string, TokenBucket>();

  constructor(private readonly clock: () => number = Date.now) {
    this.stage = new TokenBucket(STAGE_THROTTLE, clock());
  }

  allows(route: RouteDefinition): boolean {
    const now = this.clock();
    let own: TokenBucket | undefined;
    if (route.throttle) {
      const key = routeKey(route);
      own = this.routes.get(key);
      if (!own) this.routes.set(key, (own = new TokenBucket(route.throttle, now)));
    }
    const stageHas = this.stage.has(now);
    if (own && !own.has(now)) return false;
    if (!stageHas) return false;
    this.stage.take();
    own?.take();
    return true;
  }
}
