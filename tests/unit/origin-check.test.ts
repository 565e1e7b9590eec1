import { afterEach, describe, expect, it } from 'vitest';
import { httpHandler, type HttpEvent } from '../../functions/app/http.js';
import { ORIGIN_HEADER, ORIGIN_SECRET_ENV } from '../../functions/platform/http/origin-check.js';
import { ORIGIN_HEADER as STACK_HEADER, ORIGIN_SECRET_ENV as STACK_ENV } from '../../infra/stack/origin-secret.js';

/** A public route, so the chain needs no runtime: only the origin check stands before the handler. */
const event = (headers: Record<string, string>): HttpEvent =>
  ({
    routeKey: 'GET /api/health',
    rawPath: '/api/health',
    headers,
    requestContext: { requestId: 'r1' },
  }) as unknown as HttpEvent;

const build = () => {
  const seen: Record<string, string | undefined>[] = [];
  const handler = httpHandler({}, async (request) => {
    seen.push({ ...request.event.headers });
    return { body: { ok: true } };
  });
  return { handler, seen };
};
const call = (handler: ReturnType<typeof build>['handler'], headers: Record<string, string>) =>
  handler(event(headers), {} as never);

afterEach(() => {
  delete process.env[ORIGIN_SECRET_ENV];
});

describe('origin check (requests must come through CloudFront)', () => {
  it('uses the header and variable names the stack sets', () => {
    expect([ORIGIN_HEADER, ORIGIN_SECRET_ENV]).toEqual([STACK_HEADER, STACK_ENV]);
  });

  it('is off when the environment names no secret (the embedded runtime)', async () => {
    const { handler } = build();
    expect((await call(handler, {})).statusCode).toBe(200);
  });

  it('refuses a missing or wrong header with 403 and the error body, before the handler runs', async () => {
    process.env[ORIGIN_SECRET_ENV] = 'current123';
    const { handler, seen } = build();
    for (const headers of [
      {},
      { [ORIGIN_HEADER]: 'guess' },
      { [ORIGIN_HEADER]: '' },
      { [ORIGIN_HEADER]: 'current123,' },
    ] as Record<string, string>[]) {
      const response = await call(handler, headers);
      expect(response.statusCode).toBe(403);
      expect(JSON.parse(response.body!)).toEqual({
        error: { code: 'FORBIDDEN', message: expect.stringContaining('site') },
      });
    }
    expect(seen).toEqual([]);
  });

  it(
    'accepts the current and (after a rotation) the ' + 'previous value, and hides the header from the handler',
    async () => {
      process.env[ORIGIN_SECRET_ENV] = 'current123,previous456';
      const { handler, seen } = build();
      expect((await call(handler, { [ORIGIN_HEADER]: 'current123', accept: 'application/json' })).statusCode).toBe(200);
      expect((await call(handler, { [ORIGIN_HEADER]: 'previous456' })).statusCode).toBe(200);
      expect(seen[0]).toEqual({ accept: 'application/json' });
    },
  );

  it('fails closed when the variable is set but empty', async () => {
    process.env[ORIGIN_SECRET_ENV] = '';
    const { handler } = build();
    expect((await call(handler, { [ORIGIN_HEADER]: '' })).statusCode).toBe(403);
  });
});
