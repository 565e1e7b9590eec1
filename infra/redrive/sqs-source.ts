import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DeleteMessageCommand, ReceiveMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { EventEnvelope } from '../../events/envelope.js';
import { redriveSource } from './names.js';
import type { DeadLetterSource, DeadLetterView, RedeliveryOutcome } from './run.js';

/** The `DeadLetterQueues` stack output: per consumer or schedule, its kind and queue URL. */
export type DeadLetterQueueMap = Record<string, { kind: 'consumer' | 'schedule'; url: string }>;

interface SqsMessage {
  MessageId: string;
  ReceiptHandle: string;
  Body: string;
  MessageAttributes?: Record<string, { StringValue?: string }>;
  Attributes?: Record<string, string>;
}

/**
 * What a dead letter holds, in either shape the stack produces: an EventBridge target's DLQ message
 * (the event itself, the error in message attributes) or a Lambda asynchronous invocation's
 * on-failure record (the event under requestPayload, the error under responsePayload).
 */
export function parseDeadLetter(
  message: SqsMessage,
): { event: { 'detail-type'?: string; detail: EventEnvelope }; error: string; attempts?: number } | undefined {
  let body: any;
  try {
    body = JSON.parse(message.Body);
  } catch {
    return undefined;
  }
  if (body?.requestPayload?.detail) {
    const response = body.responsePayload ?? {};
    return {
      event: body.requestPayload,
      error:
        [response.errorType, response.errorMessage].filter(Boolean).join(': ') ||
        body.requestContext?.condition ||
        'failed',
      attempts: body.requestContext?.approximateInvokeCount,
    };
  }
  if (body?.detail) {
    const attribute = (name: string) => message.MessageAttributes?.[name]?.StringValue;
    return {
      event: body,
      error: [attribute('ERROR_CODE'), attribute('ERROR_MESSAGE')].filter(Boolean).join(': ') || 'delivery failed',
    };
  }
  return undefined;
}

/**
 * The stack's dead-letter queues. Listing receives the messages (hidden from other readers for the
 * visibility timeout); a redelivery puts the event on the bus with the consumer's redrive source,
 * then deletes the message. If the consumer fails again, the event lands in the same queue again.
 */
export async function sqsSource(options: {
  queues: DeadLetterQueueMap;
  busName: string;
  region?: string;
  maxPerQueue?: number;
}): Promise<DeadLetterSource> {
  const sqs = new SQSClient({ region: options.region });
  const events = new EventBridgeClient({ region: options.region });
  const messages = new Map<
    string,
    { queueUrl: string; message: SqsMessage; detailType: string; event: EventEnvelope }
  >();
  const max = options.maxPerQueue ?? 1000;
  return {
    where: `the stack's dead-letter queues (${Object.keys(options.queues).join(', ')})`,
    async list() {
      const letters: DeadLetterView[] = [];
      for (const [row, queue] of Object.entries(options.queues)) {
        for (let received = 0; received < max; ) {
          const answer = await sqs.send(
            new ReceiveMessageCommand({
              QueueUrl: queue.url,
              MaxNumberOfMessages: 10,
              WaitTimeSeconds: 1,
              VisibilityTimeout: 300,
              MessageAttributeNames: ['All'],
              MessageSystemAttributeNames: ['ApproximateReceiveCount', 'SentTimestamp'],
            }),
          );
          const batch = (answer.Messages ?? []) as SqsMessage[];
          if (batch.length === 0) break;
          received += batch.length;
          for (const message of batch) {
            if (messages.has(message.MessageId)) continue;
            const parsed = parseDeadLetter(message);
            const detail = parsed?.event.detail;
            const sent = Number(message.Attributes?.SentTimestamp);
            letters.push({
              id: message.MessageId,
              consumer: row,
              kind: queue.kind,
              streamId: detail?.streamId ?? '(not an event)',
              version: detail?.version ?? 0,
              type: detail?.type ?? parsed?.event['detail-type'] ?? '(unknown)',
              error: parsed?.error ?? 'unreadable message',
              attempts: parsed?.attempts,
              failedAt: Number.isFinite(sent) ? new Date(sent).toISOString() : undefined,
            });
            if (detail)
              messages.set(message.MessageId, {
                queueUrl: queue.url,
                message,
                detailType: parsed!.event['detail-type'] ?? detail.type,
                event: detail,
              });
          }
        }
      }
      return letters;
    },
    async redeliver(letter): Promise<RedeliveryOutcome> {
      const held = messages.get(letter.id);
      if (!held) return { ok: false, error: 'not an event (left in the queue for a person to read)' };
      if (letter.kind === 'schedule')
        return {
          ok: false,
          error:
            'a schedule’s tick is not re-delivered: the next tick does the work; delete it in the console once read',
        };
      const answer = await events.send(
        new PutEventsCommand({
          Entries: [
            {
              EventBusName: options.busName,
              Source: redriveSource(letter.consumer),
              DetailType: held.detailType,
              Detail: JSON.stringify(held.event),
            },
          ],
        }),
      );
      if (answer.FailedEntryCount)
        return { ok: false, error: answer.Entries?.[0]?.ErrorMessage ?? 'PutEvents refused the entry' };
      await sqs.send(new DeleteMessageCommand({ QueueUrl: held.queueUrl, ReceiptHandle: held.message.ReceiptHandle }));
      return { ok: true };
    },
    async close() {
      sqs.destroy();
      events.destroy();
    },
  };
}
