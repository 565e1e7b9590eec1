import { createHash } from 'node:crypto';
import { awsJsonAnswer } from './aws-json.js';
import type { Answer } from './server.js';

/**
 * Amazon SQS (awsJson1_0, target prefix `AmazonSQS.`; the current SDK no longer speaks the query
 * protocol). Shapes from the SQS API reference; an error carries the JSON `__type` and, for clients
 * that still read query error codes, `x-amzn-query-error: <code>;<Sender|Receiver>`.
 */
export const RECEIVE_MESSAGE = 'AmazonSQS.ReceiveMessage';
export const DELETE_MESSAGE = 'AmazonSQS.DeleteMessage';

export const queueUrl = (endpoint: string, name: string) => `${endpoint}/123456789012/${name}`;

export interface QueuedMessage {
  MessageId: string;
  ReceiptHandle: string;
  Body: string;
  Attributes?: Record<string, string>;
  MessageAttributes?: Record<string, { StringValue: string; DataType: 'String' }>;
}

const md5 = (text: string) => createHash('md5').update(text, 'utf8').digest('hex');

/** ReceiveMessage's answer: each message with the MD5 of its body, which the SDK checks. */
export const received = (messages: QueuedMessage[], options: { corruptMd5?: boolean } = {}): Answer =>
  awsJsonAnswer(
    '1.0',
    messages.length === 0
      ? {}
      : {
          Messages: messages.map((message) => ({
            ...message,
            MD5OfBody: options.corruptMd5 ? md5('something else') : md5(message.Body),
          })),
        },
  );

export const deleted: Answer = awsJsonAnswer('1.0', {});

export const sqsError = (type: string, queryCode: string, message: string, status = 400): Answer =>
  awsJsonAnswer('1.0', { __type: `com.amazonaws.sqs#${type}`, message }, status, {
    'x-amzn-query-error': `${queryCode};${status >= 500 ? 'Receiver' : 'Sender'}`,
  });

export const SQS_REFUSALS = {
  queueDoesNotExist: sqsError(
    'QueueDoesNotExist',
    'AWS.SimpleQueueService.NonExistentQueue',
    'The specified queue does not exist.',
  ),
  receiptHandleIsInvalid: sqsError(
    'ReceiptHandleIsInvalid',
    'ReceiptHandleIsInvalid',
    'The input receipt handle is invalid.',
  ),
  throttled: sqsError('RequestThrottled', 'RequestThrottled', 'Request is throttled.'),
  internal: sqsError('InternalError', 'InternalError', 'We encountered an internal error. Please try again.', 500),
} as const;
