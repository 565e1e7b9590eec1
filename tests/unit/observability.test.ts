import type { Context } from 'aws-lambda';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The Logger takes its level when it is created, and goes back to it after every invocation; tests
// are otherwise silent, so this file asks for INFO the supported way, before the modules load.
vi.hoisted(() => {
  process.env.POWERTOOLS_LOG_LEVEL = 'INFO';
});
import { GENESIS_HASH, SYSTEM_ACTOR, type EventEnvelope } from '../../events/envelope.js';
import { UserRegistered } from '../../functions/features/users/events.js';
import type { BusEvent } from '../../functions/platform/lambda/consumer-chain.js';
import { consumer } from '../../functions/app/lambda.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { ConcurrencyError } from '../../functions/platform/errors.js';
import type { EventStore } from '../../functions/platform/event-store/event-store.js';
import { newId } from '../../functions/platform/ids.js';
import { log } from '../../functions/platform/log.js';
import { MetricNames } from '../../shared/metrics.js';
import { metrics } from '../../functions/platform/observability/metrics.js';
import type { Appending as Runtime } from '../../functions/platform/runtime.js';
import type { Decider } from '../../functions/platform/decider.js';
import { invalid } from '../../functions/platform/domain-errors.js';
import { httpHandler } from '../../functions/app/http.js';
import { trigger } from '../../functions/platform/lambda/trigger-chain.js';
import { appendCountingRuntime, contextEndingIn, touchDecider } from '../support/abandoned.js';

/** The JSON lines the Logger wrote while `work` ran (through its own Console: stdout, errors to stderr). */
async function captureLogs(work: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const capture = (chunk: string | Uint8Array) => {
    lines.push(String(chunk));
    return true;
  };
  const spies = [
    vi.spyOn(process.stdout, 'write').mockImplementation(capture),
    vi.spyOn(process.stderr, 'write').mockImplementation(capture),
  ];
  try {
    await work().catch(() => undefined);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  return lines
    .flatMap((line) => line.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function envelope(correlationId: string): EventEnvelope {
  const { type, data } = UserRegistered.create({ user_id: 'u1', email: 'ann@example.com' });
  return {
    streamId: 'user-u1',
    version: 1,
    type,
    schemaVersion: 2,
    eventId: newId(),
    at: '2026-11-24T12:00:00.000Z',
    actor: SYSTEM_ACTOR,
    correlationId,
    causationId: null,
    data,
    prevHash: GENESIS_HASH,
    hash: 'f'.repeat(64),
  };
}

const busEvent = (detail: EventEnvelope): BusEvent => ({
  version: '0',
  id: 'bus-1',
  'detail-type': detail.type,
  source: 'design-club',
  account: '000000000000',
  time: detail.at,
  region: 'local',
  resources: [],
  detail,
});

describe('log lines carry the correlation id of the invocation', () => {
  it("a consumer's lines carry the envelope's correlationId, and the next invocation's lines do not", async () => {
    const handler = consumer(async (event) => log.info('applied', { streamId: event.streamId }));
    const lines = await captureLogs(async () => {
      await handler(busEvent(envelope('corr-consumer-1')));
      log.info('between invocations');
    });
    expect(lines.find((line) => line.message === 'applied')).toMatchObject({
      service: 'design-club',
      correlation_id: 'corr-consumer-1',
      streamId: 'user-u1',
    });
    expect(lines.find((line) => line.message === 'between invocations')).not.toHaveProperty('correlation_id');
  });

  it(
    "a consumer's failure is logged with the event's identity and the correlation id, then rethrown " + 'for a retry',
    async () => {
      const handler = consumer(async () => {
        throw new Error('views table unavailable');
      });
      const detail = envelope('corr-consumer-2');
      let thrown: unknown;
      const lines = await captureLogs(() => handler(busEvent(detail)).catch((error: unknown) => (thrown = error)));
      expect((thrown as Error).message).toBe('views table unavailable');
      expect(lines.find((line) => line.message === 'Consumer failed')).toMatchObject({
        level: 'ERROR',
        correlation_id: 'corr-consumer-2',
        eventId: detail.eventId,
        streamId: 'user-u1',
        version: 1,
        error: { message: 'views table unavailable' },
      });
    },
  );

  it("an HTTP handler's lines carry the API's request id", async () => {
    const handler = httpHandler({}, async () => {
      log.info('serving');
      return { body: { ok: true } };
    });
    const event = {
      routeKey: 'GET /api/health',
      rawPath: '/api/health',
      headers: {},
      requestContext: { requestId: 'req-http-1' },
    };
    const lines = await captureLogs(() => handler(event as never, {} as Context));
    expect(lines.find((line) => line.message === 'serving')).toMatchObject({ correlation_id: 'req-http-1' });
  });

  it("a trigger's lines carry Lambda's request id for the Cognito request, with the Lambda context", async () => {
    const handler = trigger(
      async (event: {
        triggerSource: string;
        userPoolId: string;
        request: { userAttributes: Record<string, string> };
      }) => {
        log.info('triggered');
        return event;
      },
    );
    const context = {
      awsRequestId: 'lambda-req-1',
      functionName: 'post-confirmation',
      invokedFunctionArn: 'arn:aws:lambda:us-east-1:1:function:pc',
      memoryLimitInMB: '1024',
      functionVersion: '$LATEST',
    } as Context;
    const lines = await captureLogs(() =>
      handler(
        {
          triggerSource: 'PostConfirmation_ConfirmSignUp',
          userPoolId: 'pool',
          request: { userAttributes: { sub: 's1' } },
        },
        context,
      ),
    );
    expect(lines.find((line) => line.message === 'triggered')).toMatchObject({
      correlation_id: 'lambda-req-1',
      function_request_id: 'lambda-req-1',
      function_name: 'post-confirmation',
    });
  });
});

/** The values recorded so far for `name` in the EMF blob the middleware would flush. */
function recorded(name: string): number[] {
  const emf = metrics.serializeMetrics() as unknown as Record<string, unknown> & {
    _aws: {
      CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[];
    };
  };
  const directive = emf._aws.CloudWatchMetrics[0]!;
  if (!directive.Metrics.some((metric) => metric.Name === name)) return [];
  expect(directive.Namespace).toBe('DesignClub');
  expect(directive.Dimensions).toEqual([['service']]);
  expect(emf.service).toBe('design-club');
  const value = emf[name];
  return Array.isArray(value) ? (value as number[]) : [value as number];
}

describe('the command runner counts outcomes', () => {
  const decider: Decider<{ type: 'Touch'; refuse?: boolean }, number> = {
    initialState: () => 0,
    decide: (command) => {
      if (command.refuse) throw invalid('Not allowed.');
      return [{ type: 'Touched', data: {} }];
    },
    evolve: (state) => state + 1,
  };

  function runtimeWhoseAppends(append: EventStore['append']): Runtime {
    const store = {
      readStream: async (streamId: string) => ({ streamId, events: [], version: 0, lastHash: GENESIS_HASH }),
      readNewest: async () => ({ events: [], firstVersion: 1, fromStart: true }),
      append,
    };
    const publisher = { publish: async () => true };
    return { store, publisher, now: () => new Date() } as unknown as Runtime;
  }

  beforeEach(() => metrics.clearMetrics());

  it('a version conflict that outlasts the retries is answered 409 and counted once as CommandConflict', async () => {
    const runtime = runtimeWhoseAppends(async (streamId) => {
      throw new ConcurrencyError(streamId, 0);
    });
    await expect(
      runCommand(decider, `conflict-${newId()}`, { type: 'Touch' }, { actor: SYSTEM_ACTOR }, runtime),
    ).rejects.toMatchObject({ status: 409 });
    expect(recorded(MetricNames.CommandConflict)).toEqual([1]);
    expect(recorded(MetricNames.CommandAccepted)).toEqual([]);
  });

  it('an appended command counts as CommandAccepted, a domain refusal as CommandRefused', async () => {
    const runtime = runtimeWhoseAppends(async (streamId) => ({
      streamId,
      firstVersion: 1,
      lastVersion: 1,
      position: newId(),
      events: [{ ...envelope('c'), streamId, type: 'Touched', data: {} }],
      stored: [{ ...envelope('c'), streamId, type: 'Touched', data: {} }],
    }));
    await runCommand(decider, `ok-${newId()}`, { type: 'Touch' }, { actor: SYSTEM_ACTOR }, runtime);
    await expect(
      runCommand(decider, `refused-${newId()}`, { type: 'Touch', refuse: true }, { actor: SYSTEM_ACTOR }, runtime),
    ).rejects.toThrow('Not allowed.');
    expect(recorded(MetricNames.CommandAccepted)).toEqual([1]);
    expect(recorded(MetricNames.CommandRefused)).toEqual([1]);
    expect(recorded(MetricNames.CommandConflict)).toEqual([]);
  });
});

describe('captureAwsClient, the one Tracer hook for the adapters', () => {
  const client = () =>
    new DynamoDBClient({
      region: 'us-east-1',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'example' },
    });
  const middlewareNames = (sdkClient: DynamoDBClient) => sdkClient.middlewareStack.identify().join(' ');

  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it(
    'leaves a client as it is while tracing is off (the ' + 'embedded runtime, tests, a stack without -c tracing=true)',
    async () => {
      const { captureAwsClient, tracingEnabled } = await import('../../functions/platform/observability/tracing.js');
      const plain = client();
      expect(tracingEnabled()).toBe(false);
      expect(captureAwsClient(plain)).toBe(plain);
      expect(middlewareNames(plain)).not.toContain('XRay');
    },
  );

  it('with tracing on in Lambda, loads the Tracer and wraps the client so each call is a subsegment', async () => {
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'traced');
    vi.stubEnv('AWS_EXECUTION_ENV', 'AWS_Lambda_nodejs22.x');
    vi.stubEnv('POWERTOOLS_TRACE_ENABLED', 'true');
    vi.resetModules();
    const { captureAwsClient, tracingEnabled } = await import('../../functions/platform/observability/tracing.js');
    expect(tracingEnabled()).toBe(true);
    expect(middlewareNames(captureAwsClient(client()))).toContain('XRaySDKInstrumentation');
  });
});

describe('a consumer abandoned at its function’s end', () => {
  it('fails the delivery (retried or dead-lettered) and commits nothing it reaches afterwards', async () => {
    const { runtime, appends } = appendCountingRuntime();
    let late: Promise<unknown> | undefined;
    const handler = consumer(async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      late = runCommand(touchDecider, 'reactor-1', { type: 'Touch' }, { actor: SYSTEM_ACTOR }, runtime);
      await late;
    });
    let thrown: unknown;
    await captureLogs(() =>
      handler(busEvent(envelope('corr-abandoned')), contextEndingIn(300) as unknown as Context).catch(
        (error: unknown) => (thrown = error),
      ),
    );
    expect(thrown).toMatchObject({ name: 'TimeoutError' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    await expect(late).rejects.toMatchObject({ name: 'RequestAbandonedError' });
    expect(appends()).toBe(0);
  });
});
