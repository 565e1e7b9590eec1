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

  isFull(now: number): boolean {
    this.has(now);
    return this.tokens >= this.limit.burst;
  }
}

/** Who a request counts against: a verified token's user, else the viewer's address (see viewerAddressOf). */
export type ThrottleCaller = { user: string } | { address: string };

/** Past this many per-caller buckets, those full again (idle callers) are forgotten. */
const MAX_BUCKETS = 10_000;

/**
 * The HTTP API's throttling in the embedded stack, with API Gateway's figures (the stage's limit,
 * a costly route's own: `throttle` in infra/routes.ts), counted so that strangers cannot spend
 * anyone else's allowance: the caller is authenticated first, then
 * - a signed-in caller spends the stage's bucket (what the whole API serves its users) and their
 *   own bucket of the route's limit;
 * - an anonymous caller (a public route, or no valid token) spends only buckets of their viewer
 *   address: one of the stage's size and one of the route's.
 * A request passes only with a token from each of its buckets; a refused one spends none.
 */
export class ApiThrottle {
  private readonly stage: TokenBucket;
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(private readonly clock: () => number = Date.now) {
    this.stage = new TokenBucket(STAGE_THROTTLE, clock());
  }

  allows(route: RouteDefinition, caller: ThrottleCaller): boolean {
    const now = this.clock();
    const who = 'user' in caller ? `user:${caller.user}` : `address:${caller.address}`;
    const buckets = 'user' in caller ? [this.stage] : [this.bucket(`stage|${who}`, STAGE_THROTTLE, now)];
    if (route.throttle) buckets.push(this.bucket(`${routeKey(route)}|${who}`, route.throttle, now));
    // Every bucket refills before any is judged, so a refusal leaves them all as they were.
    const has = buckets.map((bucket) => bucket.has(now));
    if (has.includes(false)) return false;
    for (const bucket of buckets) bucket.take();
    return true;
  }

  private bucket(key: string, limit: Throttle, now: number): TokenBucket {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size >= MAX_BUCKETS) this.forgetIdle(now);
      this.buckets.set(key, (bucket = new TokenBucket(limit, now)));
    }
    return bucket;
  }

  /** A bucket that has refilled is the same as a new one: dropping it changes nobody's allowance. */
  private forgetIdle(now: number): void {
    for (const [key, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(key);
  }
}
