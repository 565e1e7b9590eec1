import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DomainError } from '../../functions/platform/domain-errors.js';
import { HttpError } from '../../functions/platform/errors.js';
import { SubjectErasedError } from '../../functions/platform/privacy/data-keys.js';
import { httpHandler, type HttpEvent } from '../../functions/app/http.js';
import { SYSTEM_ACTOR } from '../../events/envelope.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { appendCountingRuntime, contextEndingIn, touchDecider } from '../support/abandoned.js';

/** The wrapper's promises, without I/O: a public route's event handed straight to a handler. */
const event = (body?: string): HttpEvent =>
  ({
    routeKey: 'GET /api/health',
    body,
    isBase64Encoded: false,
    requestContext: { requestId: 'r-1' },
  }) as unknown as HttpEvent;
const call = async (fn: () => Promise<never> | Promise<{ body: unknown }>, raw?: string, schema?: z.ZodType) => {
  const handler = httpHandler({ body: schema }, fn);
  const response = await handler(event(raw), {} as never);
  return { status: response.statusCode, body: JSON.parse(response.body || '{}'), headers: response.headers ?? {} };
};

describe('HTTP errors', () => {
  it('maps domain refusals to their statuses with the message', async () => {
    expect(
      await call(async () => Promise.reject(new DomainError('FORBIDDEN', 'Only admins moderate comments'))),
    ).toMatchObject({ status: 403, body: { error: { code: 'FORBIDDEN', message: 'Only admins moderate comments' } } });
    expect((await call(async () => Promise.reject(new DomainError('CONFLICT', 'x')))).status).toBe(409);
    expect(
      (await call(async () => Promise.reject(new HttpError(410, 'GONE', 'Invalid or expired invitation')))).status,
    ).toBe(410);
  });
  it("answers a write of an erased person's personal data with 410 and a clear message, not 500", async () => {
    const response = await call(async () => Promise.reject(new SubjectErasedError('user-123')));
    expect(response).toMatchObject({
      status: 410,
      body: { error: { code: 'GONE', message: "This account's personal data was erased." } },
    });
    // The subject (an account id) stays in the logs' domain, not in the answer.
    expect(JSON.stringify(response.body)).not.toContain('user-123');
  });
  it('answers a transient AWS failure with 503 and a retry hint, not 500', async () => {
    const throttled = Object.assign(new Error('Rate exceeded'), { name: 'ProvisionedThroughputExceededException' });
    const response = await call(async () => Promise.reject(throttled));
    expect(response.status).toBe(503);
    expect(response.headers['retry-after']).toBe('2');
    expect(response.body.error.message).toMatch(/busy/);
  });
  it('answers a dropped connection that outlived the retries (ECONNRESET, no status) with 503, not 500', async () => {
    const dropped = Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    expect((await call(async () => Promise.reject(dropped))).status).toBe(503);
    const serverError = Object.assign(new Error('boom'), {
      name: 'InternalServerError',
      $metadata: { httpStatusCode: 500 },
    });
    expect((await call(async () => Promise.reject(serverError))).status).toBe(503);
  });
  it('hides the details of an unexpected failure behind a readable 500', async () => {
    const response = await call(async () => Promise.reject(new TypeError('secret internals at line 42')));
    expect(response.status).toBe(500);
    expect(JSON.stringify(response.body)).not.toContain('secret internals');
  });
  it('says what is wrong with a bad body', async () => {
    const schema = z.object({ title: z.string().min(1, 'Title is required') });
    expect((await call(async () => ({ body: {} }), '{"title":', schema)).body.error.message).toBe(
      'The request body is not valid JSON.',
    );
    expect((await call(async () => ({ body: {} }), '{"title":""}', schema)).body.error.message).toBe(
      'Invalid request body. title: Title is required',
    );
  });
});

describe('a handler still working when the function runs out of time', () => {
  it('answers 503 with a retry hint before the function is killed, not a bare 500 from API Gateway', async () => {
    const handler = httpHandler({}, () => new Promise<never>(() => undefined));
    const response = await handler(event(), contextEndingIn(400) as never);
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['retry-after']).toBe('2');
    expect(JSON.parse(response.body as string).error.code).toBe('UNAVAILABLE');
  });
});

describe('a handler abandoned at the function’s end', () => {
  it(
    'commits nothing afterwards: its caller was told to ' + 'retry, and a frozen container may resume it later',
    async () => {
      const { runtime, appends } = appendCountingRuntime();
      let late: Promise<unknown> | undefined;
      const handler = httpHandler({}, async () => {
        await new Promise((resolve) => setTimeout(resolve, 500));
        late = runCommand(touchDecider, 'abandoned-1', { type: 'Touch' }, { actor: SYSTEM_ACTOR }, runtime);
        await late;
        return { body: {} };
      });
      const response = await handler(event(), contextEndingIn(400) as never);
      expect(response.statusCode).toBe(503);
      await new Promise((resolve) => setTimeout(resolve, 400));
      await expect(late).rejects.toMatchObject({ name: 'RequestAbandonedError' });
      expect(appends()).toBe(0);
    },
  );
});
