import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventBridgeBus } from '../../functions/platform/aws/event-bridge.js';
import { httpHandler, type HttpEvent } from '../../functions/app/http.js';
import { PROMPT_SERVICE_SILENCE_MS, requestHandlerOptions } from '../../functions/platform/aws/sdk-config.js';
import { putEventsAnswer } from '../support/aws-endpoints/eventbridge.js';
import { restJsonError } from '../support/aws-endpoints/rest-json.js';
import {
  FAKE_CREDENTIALS,
  startAwsEndpoint,
  useEndpointEnv,
  type Answer,
  type AwsEndpoint,
} from '../support/aws-endpoints/server.js';

/**
 * What every adapter shares, through the real SDK clients and their real transport, against a local
 * endpoint (tests/support/aws-endpoints): the API's answer to a service failure that outlives the
 * SDK's retries, and the idle limit that abandons a silent connection. Each service's own adapter
 * is tested in tests/integration/adapter-*.test.ts.
 */
let server: AwsEndpoint;
let endpoint: string;
let restoreEnv: () => void;

beforeAll(async () => {
  server = await startAwsEndpoint();
  endpoint = server.url;
  restoreEnv = useEndpointEnv({});
});
afterAll(async () => {
  restoreEnv();
  await server.close();
});
beforeEach(() => server.reset());

let answer: (body: string) => Answer;
beforeEach(() => server.answer((request) => answer(request.body)));

const errorType = (status: number, type: string, message: string): Answer => restJsonError(status, type, message);

describe('EventBridge', () => {
  it('reports the entries PutEvents refused, by index', async () => {
    answer = () => putEventsAnswer([{ EventId: 'e-0' }, { ErrorCode: 'InternalFailure', ErrorMessage: 'x' }]);
    const bus = new EventBridgeBus('bus', new EventBridgeClient({ endpoint }));
    const entry = { Source: 'design-club', DetailType: 'T', Detail: '{}' };
    expect(await bus.putEvents([entry, entry])).toEqual({ failedIndexes: [1] });
    expect(server.json(0)).toMatchObject({ Entries: [{ EventBusName: 'bus' }, { EventBusName: 'bus' }] });
  });
});

describe('a service failure that outlives the SDK’s retries, at the API', () => {
  const event = {
    routeKey: 'GET /api/health',
    isBase64Encoded: false,
    requestContext: { requestId: 'r-1' },
  } as unknown as HttpEvent;
  const callThrough = async () => {
    const bus = new EventBridgeBus(
      'bus',
      new EventBridgeClient({ endpoint, maxAttempts: 2, retryStrategy: undefined }),
    );
    const handler = httpHandler({}, async () => {
      await bus.putEvents([{ Source: 'design-club', DetailType: 'T', Detail: '{}' }]);
      return { body: {} };
    });
    return handler(event, {} as never);
  };

  it('answers 503 with a retry hint for a 5xx the SDK retried', async () => {
    answer = () => errorType(500, 'InternalException', 'boom');
    const response = await callThrough();
    expect(response.statusCode).toBe(503);
    expect(response.headers?.['retry-after']).toBe('2');
    expect(server.seen).toHaveLength(2);
  });

  it('answers 503 for connections dropped on every attempt', async () => {
    answer = () => 'hang-up';
    expect((await callThrough()).statusCode).toBe(503);
  });
});

describe('an attempt whose connection goes silent', () => {
  const client = (silentMs: number, maxAttempts: number) =>
    new DynamoDBClient({
      endpoint,
      region: 'us-east-1',
      credentials: FAKE_CREDENTIALS,
      maxAttempts,
      requestHandler: requestHandlerOptions(silentMs),
    });
  const get = new GetItemCommand({ TableName: 'events', Key: { streamId: { S: 'user-1' }, version: { N: '1' } } });

  it('is abandoned, and the SDK retries it on a fresh connection: the retry answers', async () => {
    let attempts = 0;
    answer = () =>
      (attempts += 1) === 1
        ? 'silent'
        : { status: 200, body: { Item: { streamId: { S: 'user-1' }, version: { N: '1' } } } };
    const dynamo = client(300, 3);
    const { Item } = await dynamo.send(get);
    expect(Item?.streamId?.S).toBe('user-1');
    expect(server.seen).toHaveLength(2);
    dynamo.destroy();
  });

  it(
    'fails with a TimeoutError once every attempt stayed ' + 'silent, instead of waiting for the function to be killed',
    async () => {
      answer = () => 'silent';
      const dynamo = client(300, 2);
      await expect(dynamo.send(get)).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(server.seen).toHaveLength(2);
      dynamo.destroy();
    },
  );

  it('EventBridge PutEvents stops waiting when its caller does (the publisher’s budget)', async () => {
    answer = () => 'silent';
    const bus = new EventBridgeBus(
      'bus',
      new EventBridgeClient({ endpoint, maxAttempts: 3, requestHandler: requestHandlerOptions() }),
    );
    await expect(
      bus.putEvents([{ Source: 'design-club', DetailType: 'T', Detail: '{}' }], {
        abortSignal: AbortSignal.timeout(200),
      }),
    ).rejects.toMatchObject({ name: expect.stringMatching(/AbortError|TimeoutError/) });
    expect(server.seen).toHaveLength(1);
  });

  it('every client is configured with an idle limit that abandons (not requestTimeout, which only warns)', () => {
    expect(requestHandlerOptions()).toEqual({ connectionTimeout: 3_000, socketTimeout: PROMPT_SERVICE_SILENCE_MS });
    expect(requestHandlerOptions()).not.toHaveProperty('requestTimeout');
  });
});
