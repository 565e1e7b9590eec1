import { describe, expect, it } from 'vitest';
import { redrive, type DeadLetterSource, type DeadLetterView } from '../../infra/redrive/run.js';
import { parseDeadLetter } from '../../infra/redrive/sqs-source.js';

/** The two shapes the stack's dead-letter queues hold, read into the event and its error. */
const envelope = { streamId: 'project-1', version: 4, type: 'PriorityChanged', data: { priority: 'Urgent' } };
const event = { version: '0', id: 'e1', 'detail-type': 'PriorityChanged', source: 'design-club', detail: envelope };

describe('parseDeadLetter', () => {
  it('reads an EventBridge target DLQ message: the event is the body, the error in its attributes', () => {
    const parsed = parseDeadLetter({
      MessageId: 'm1',
      ReceiptHandle: 'r',
      Body: JSON.stringify(event),
      MessageAttributes: {
        ERROR_CODE: { StringValue: 'SDK_CLIENT_ERROR' },
        ERROR_MESSAGE: { StringValue: 'Lambda throttled' },
      },
    });
    expect(parsed).toEqual({ event, error: 'SDK_CLIENT_ERROR: Lambda throttled' });
  });

  it('reads a Lambda on-failure record: the event under requestPayload, the error under responsePayload', () => {
    const parsed = parseDeadLetter({
      MessageId: 'm2',
      ReceiptHandle: 'r',
      Body: JSON.stringify({
        version: '1.0',
        requestContext: { condition: 'RetriesExhausted', approximateInvokeCount: 3 },
        requestPayload: event,
        responsePayload: { errorType: 'Error', errorMessage: 'projection bug' },
      }),
    });
    expect(parsed).toEqual({ event, error: 'Error: projection bug', attempts: 3 });
  });

  it('leaves anything else to a person (not JSON, or not an event)', () => {
    expect(parseDeadLetter({ MessageId: 'm3', ReceiptHandle: 'r', Body: 'not json' })).toBeUndefined();
    expect(parseDeadLetter({ MessageId: 'm4', ReceiptHandle: 'r', Body: '{"hello":1}' })).toBeUndefined();
  });
});

describe('redrive selection', () => {
  it(
    're-delivers consumers’ letters only: a schedule’s ' + 'failed tick is listed, its next tick does the work',
    async () => {
      const letters: DeadLetterView[] = [
        {
          id: 's1',
          consumer: 'outbox-sweeper',
          kind: 'schedule',
          streamId: '(not an event)',
          version: 0,
          type: '(unknown)',
          error: 'timeout',
        },
        {
          id: 'c1',
          consumer: 'projections',
          kind: 'consumer',
          streamId: 'project-1',
          version: 2,
          type: 'PriorityChanged',
          error: 'boom',
        },
      ];
      const delivered: string[] = [];
      const source: DeadLetterSource = {
        where: 'test',
        list: async () => letters,
        redeliver: async (letter) => {
          delivered.push(letter.id);
          return { ok: true };
        },
      };
      const report = await redrive(source, { all: true });
      expect(delivered).toEqual(['c1']);
      expect(report.listed).toHaveLength(2);
      expect(report.stillFailing).toEqual([]);
      expect((await redrive(source, { ids: ['s1'] })).unknownIds).toEqual(['s1']);
    },
  );
});
