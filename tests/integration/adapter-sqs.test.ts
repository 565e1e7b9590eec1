import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redrive } from '../../infra/redrive/run.js';
import { sqsSource, type DeadLetterQueueMap } from '../../infra/redrive/sqs-source.js';
import { targetOf } from '../support/aws-endpoints/aws-json.js';
import { PUT_EVENTS, putEventsAnswer } from '../support/aws-endpoints/eventbridge.js';
import {
  DELETE_MESSAGE,
  RECEIVE_MESSAGE,
  SQS_REFUSALS,
  deleted,
  queueUrl,
  received,
  type QueuedMessage,
} from '../support/aws-endpoints/sqs.js';
import {
  signedScope,
  startAwsEndpoint,
  useEndpointEnv,
  type Answer,
  type AwsEndpoint,
  type SeenRequest,
} from '../support/aws-endpoints/server.js';

/**
 * `npm run redrive` against the stack's dead-letter queues: the SQS and EventBridge clients the
 * source builds, against local endpoints that answer ReceiveMessage, DeleteMessage (SQS, awsJson1_0)
 * and PutEvents (awsJson1_1) as the API references give them. The clients reach them by
 * AWS_ENDPOINT_URL_SQS / AWS_ENDPOINT_URL_EVENTBRIDGE, the SDK's own settings.
 */
let sqs: AwsEndpoint;
let events: AwsEndpoint;
let restoreEnv: () => void;
let queues: DeadLetterQueueMap;

beforeAll(async () => {
  sqs = await startAwsEndpoint();
  events = await startAwsEndpoint();
  restoreEnv = useEndpointEnv({ SQS: sqs.url, EVENTBRIDGE: events.url });
  queues = {
    projections: { kind: 'consumer', url: queueUrl(sqs.url, 'dc-dev-projections-dlq') },
    notifier: { kind: 'consumer', url: queueUrl(sqs.url, 'dc-dev-notifier-dlq') },
    'outbox-sweeper': { kind: 'schedule', url: queueUrl(sqs.url, 'dc-dev-outbox-sweeper-dlq') },
  };
});
afterAll(async () => {
  restoreEnv();
  await sqs.close();
  await events.close();
});

const envelope = (streamId: string, version: number, type: string) => ({
  streamId,
  version,
  type,
  at: '2026-11-27T19:00:00.000Z',
  data: { priority: 'Urgent' },
});
const busEvent = (detail: ReturnType<typeof envelope>) => ({
  version: '0',
  id: `e-${detail.version}`,
  'detail-type': detail.type,
  source: 'design-club',
  detail,
});

/** What the three queues hold: an EventBridge target's DLQ message, a Lambda on-failure record, a schedule's tick. */
function deadLetters(): Map<string, QueuedMessage[]> {
  return new Map([
    [
      queues.projections!.url,
      [
        {
          MessageId: 'm-projections-1',
          ReceiptHandle: 'rh-projections-1',
          Body: JSON.stringify(busEvent(envelope('project-1', 4, 'PriorityChanged'))),
          Attributes: { SentTimestamp: '1795806000000', ApproximateReceiveCount: '1' },
          MessageAttributes: {
            ERROR_CODE: { StringValue: 'SDK_CLIENT_ERROR', DataType: 'String' },
            ERROR_MESSAGE: { StringValue: 'Lambda throttled', DataType: 'String' },
          },
        },
      ],
    ],
    [
      queues.notifier!.url,
      [
        {
          MessageId: 'm-notifier-1',
          ReceiptHandle: 'rh-notifier-1',
          Body: JSON.stringify({
            version: '1.0',
            requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 3 },
            requestPayload: busEvent(envelope('project-2', 7, 'DesignerAssigned')),
            responsePayload: { errorType: 'Error', errorMessage: 'mail down' },
          }),
          Attributes: { SentTimestamp: '1795806060000' },
        },
      ],
    ],
    [
      queues['outbox-sweeper']!.url,
      [{ MessageId: 'm-tick-1', ReceiptHandle: 'rh-tick-1', Body: '{"schedule":"outbox-sweeper"}' }],
    ],
  ]);
}

/** SQS as the redrive meets it: each queue hands its messages out once, and deletes by receipt handle. */
function queueService(held: Map<string, QueuedMessage[]>, overrides: { receive?: Answer; corruptMd5?: boolean } = {}) {
  const handedOut = new Set<string>();
  return (request: SeenRequest): Answer => {
    const body = JSON.parse(request.body) as { QueueUrl: string; ReceiptHandle?: string };
    if (targetOf(request) === RECEIVE_MESSAGE) {
      if (overrides.receive) return overrides.receive;
      const batch = (held.get(body.QueueUrl) ?? []).filter((message) => !handedOut.has(message.MessageId));
      for (const message of batch) handedOut.add(message.MessageId);
      return received(batch, { corruptMd5: overrides.corruptMd5 });
    }
    if (targetOf(request) === DELETE_MESSAGE) {
      const messages = held.get(body.QueueUrl) ?? [];
      const index = messages.findIndex((message) => message.ReceiptHandle === body.ReceiptHandle);
      if (index < 0) return SQS_REFUSALS.receiptHandleIsInvalid;
      messages.splice(index, 1);
      return deleted;
    }
    return SQS_REFUSALS.internal;
  };
}

const requestsTo = (endpoint: AwsEndpoint, target: string) =>
  endpoint.seen.filter((request) => targetOf(request) === target);

beforeEach(() => {
  sqs.reset();
  events.reset();
  events.answer((request) =>
    putEventsAnswer(
      JSON.parse(request.body).Entries.map((_entry: unknown, i: number) => ({
        EventId: `ev-${events.seen.length}-${i}`,
      })),
    ),
  );
});

describe('listing the dead letters', () => {
  it(
    'receives each queue with the attributes it needs (awsJson1_0, X-Amz-Target), signed for SQS, and reads both ' +
      'letter shapes',
    async () => {
      sqs.answer(queueService(deadLetters()));
      const source = await sqsSource({ queues, busName: 'dc-dev-bus', region: 'us-east-1' });
      const letters = await source.list();
      await source.close?.();
      expect(letters).toEqual([
        {
          id: 'm-projections-1',
          consumer: 'projections',
          kind: 'consumer',
          streamId: 'project-1',
          version: 4,
          type: 'PriorityChanged',
          error: 'SDK_CLIENT_ERROR: Lambda throttled',
          attempts: undefined,
          failedAt: '2026-11-27T19:00:00.000Z',
        },
        {
          id: 'm-notifier-1',
          consumer: 'notifier',
          kind: 'consumer',
          streamId: 'project-2',
          version: 7,
          type: 'DesignerAssigned',
          error: 'Error: mail down',
          attempts: 3,
          failedAt: '2026-11-27T19:01:00.000Z',
        },
        {
          id: 'm-tick-1',
          consumer: 'outbox-sweeper',
          kind: 'schedule',
          streamId: '(not an event)',
          version: 0,
          type: '(unknown)',
          error: 'unreadable message',
          attempts: undefined,
          failedAt: undefined,
        },
      ]);
      const receives = requestsTo(sqs, RECEIVE_MESSAGE);
      // Each queue until it answers empty: one batch and one empty answer.
      expect(receives).toHaveLength(6);
      for (const request of receives) {
        expect(request).toMatchObject({ method: 'POST', url: '/' });
        expect(request.headers['content-type']).toBe('application/x-amz-json-1.0');
        // SQS's JSON protocol is query-compatible: the client says so, and reads the query error codes back.
        expect(request.headers['x-amzn-query-mode']).toBe('true');
        expect(signedScope(request)).toEqual({ accessKeyId: 'AKIDLOCALTEST', region: 'us-east-1', service: 'sqs' });
      }
      expect(JSON.parse(receives[0]!.body)).toEqual({
        QueueUrl: queues.projections!.url,
        MaxNumberOfMessages: 10,
        WaitTimeSeconds: 1,
        VisibilityTimeout: 300,
        MessageAttributeNames: ['All'],
        MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'],
      });
    },
  );

  it('a batch whose body does not match its MD5 is refused by the SDK, not misread', async () => {
    sqs.answer(queueService(deadLetters(), { corruptMd5: true }));
    const source = await sqsSource({ queues, busName: 'dc-dev-bus', region: 'us-east-1' });
    await expect(source.list()).rejects.toThrow(/Invalid MD5 checksum on messages: m-projections-1/);
    await source.close?.();
  });

  it(
    'a queue that does not exist (QueueDoesNotExist, with its query-compatible code) fails the listing without ' +
      'retries',
    async () => {
      sqs.answer(queueService(deadLetters(), { receive: SQS_REFUSALS.queueDoesNotExist }));
      const source = await sqsSource({ queues, busName: 'dc-dev-bus', region: 'us-east-1' });
      await expect(source.list()).rejects.toMatchObject({
        name: 'QueueDoesNotExist',
        message: 'The specified queue does not exist.',
      });
      expect(sqs.seen).toHaveLength(1);
      await source.close?.();
    },
  );

  it('a throttled receive (RequestThrottled) is retried by the SDK with the same request', async () => {
    const service = queueService(deadLetters());
    sqs.answer((request, index) => (index === 0 ? SQS_REFUSALS.throttled : service(request)));
    const source = await sqsSource({ queues, busName: 'dc-dev-bus', region: 'us-east-1' });
    expect(await source.list()).toHaveLength(3);
    expect(sqs.json(1)).toEqual(sqs.json(0));
    expect(sqs.seen[1]!.headers['amz-sdk-request']).toBe('attempt=2; max=3');
    await source.close?.();
  });
});

describe('re-delivering them', () => {
  it(
    "puts each consumer's event on the bus under its redrive source, then deletes the message; a schedule's tick " +
      'stays',
    async () => {
      const held = deadLetters();
      sqs.answer(queueService(held));
      const source = await sqsSource({ queues, busName: 'dc-dev-bus', region: 'us-east-1' });
      const report = await redrive(source, { all: true });
      await source.close?.();
      expect(report.redelivered.map((letter) => letter.id).sort()).toEqual(['m-notifier-1', 'm-projections-1']);
      expect(report.stillFailing).toEqual([]);
      const puts = requestsTo(events, PUT_EVENTS);
      expect(puts).toHaveLength(2);
      expect(signedScope(puts[0]!)?.service).toBe('events');
      expect(puts[0]!.headers['content-type']).toBe('application/x-amz-json-1.1');
      expect(
        puts.map((request) => JSON.parse(request.body).Entries[0]).sort((a, b) => a.Source.localeCompare(b.Source)),
      ).toEqual([
        {
          EventBusName: 'dc-dev-bus',
          Source: 'design-club.redrive.notifier',
          DetailType: 'DesignerAssigned',
          Detail: JSON.stringify(envelope('project-2', 7, 'DesignerAssigned')),
        },
        {
          EventBusName: 'dc-dev-bus',
          Source: 'design-club.redrive.projections',
          DetailType: 'PriorityChanged',
          Detail: JSON.stringify(envelope('project-1', 4, 'PriorityChanged')),
        },
      ]);
      expect(
        requestsTo(sqs, DELETE_MESSAGE)
          .map((request) => JSON.parse(request.body))
          .sort((a, b) => a.ReceiptHandle.localeCompare(b.ReceiptHandle)),
      ).toEqual([
        { QueueUrl: queues.notifier!.url, ReceiptHandle: 'rh-notifier-1' },
        { QueueUrl: queues.projections!.url, ReceiptHandle: 'rh-projections-1' },
      ]);
      expect(held.get(queues['outbox-sweeper']!.url)).toHaveLength(1);
    },
  );

  it('an entry PutEvents refuses stays in its queue and is reported still failing', async () => {
    const held = deadLetters();
    sqs.answer(queueService(held));
    events.answer(() => putEventsAnswer([{ ErrorCode: 'InternalFailure', ErrorMessage: 'Internal failure' }]));
    const source = await sqsSource({ queues, busName: 'dc-dev-bus', region: 'us-east-1' });
    const report = await redrive(source, { consumer: 'projections', all: true });
    await source.close?.();
    expect(report.stillFailing).toMatchObject([{ id: 'm-projections-1', lastError: 'Internal failure' }]);
    expect(requestsTo(sqs, DELETE_MESSAGE)).toHaveLength(0);
    expect(held.get(queues.projections!.url)).toHaveLength(1);
  });

  it('a receipt handle that expired before the delete (ReceiptHandleIsInvalid) is reported, not lost', async () => {
    const held = deadLetters();
    const service = queueService(held);
    sqs.answer((request) =>
      targetOf(request) === DELETE_MESSAGE ? SQS_REFUSALS.receiptHandleIsInvalid : service(request),
    );
    const source = await sqsSource({ queues, busName: 'dc-dev-bus', region: 'us-east-1' });
    const report = await redrive(source, { consumer: 'projections', all: true });
    await source.close?.();
    expect(report.stillFailing).toMatchObject([
      { id: 'm-projections-1', lastError: 'The input receipt handle is invalid.' },
    ]);
    expect(requestsTo(sqs, DELETE_MESSAGE)).toHaveLength(1);
  });
});
