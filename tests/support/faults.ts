import { Readable } from 'node:stream';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Faults injected below the AWS SDK: the client keeps its own middleware, serializers and retry
 * strategy, and only its request handler (the SDK's NodeHttpHandler) is wrapped, so what the SDK
 * sees is what a real DynamoDB (or network) would hand it.
 */
type Handler = DynamoDBDocumentClient['config']['requestHandler'];
type Request = Parameters<Handler['handle']>[0];
type Answer = Awaited<ReturnType<Handler['handle']>>;

export type Fault =
  /** DynamoDB answers 400 ProvisionedThroughputExceededException (the SDK retries it as throttling). */
  | 'throttle'
  /** DynamoDB answers 500 InternalServerError. */
  | 'server-error'
  /** The connection drops before the request reaches DynamoDB. */
  | 'drop-before'
  /** The request lands, then the connection drops before the answer arrives: an ambiguous failure. */
  | 'drop-after';

/** What the fault schedule is told about one attempt: the operation and its (DynamoDB JSON) input. */
export interface Attempt {
  operation: string;
  input: Record<string, any>;
}

const dynamoError = (statusCode: number, type: string, message: string): Answer => ({
  response: {
    statusCode,
    reason: undefined,
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amzn-requestid': 'injected' },
    body: Readable.from([Buffer.from(JSON.stringify({ __type: `com.amazonaws.dynamodb.v20120810#${type}`, message }))]),
  } as unknown as Answer['response'],
});

const connectionReset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });

function attemptOf(request: Request): Attempt {
  const target = String(request.headers['x-amz-target'] ?? request.headers['X-Amz-Target'] ?? '');
  let input: Record<string, any> = {};
  try {
    // A string, or bytes (the SDK's JSON codec hands the handler a Uint8Array).
    const body = request.body as unknown;
    const text =
      typeof body === 'string'
        ? body
        : body instanceof Uint8Array
          ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')
          : '';
    input = text ? (JSON.parse(text) as Record<string, any>) : {};
  } catch {
    // not JSON: no input to show the schedule
  }
  return { operation: target.slice(target.indexOf('.') + 1), input };
}

/**
 * Wraps `client`'s request handler with `schedule` (which answers, per attempt, a fault or nothing)
 * and returns a function that restores the original handler.
 */
export function injectFaults(
  client: DynamoDBDocumentClient,
  schedule: (attempt: Attempt) => Fault | undefined,
): () => void {
  const config = client.config as { requestHandler: Handler };
  const inner = config.requestHandler;
  const faulty = Object.create(inner) as Handler;
  faulty.handle = async (request, options) => {
    const fault = schedule(attemptOf(request));
    if (fault === 'throttle')
      return dynamoError(
        400,
        'ProvisionedThroughputExceededException',
        'The level of configured provisioned throughput for the table was exceeded.',
      );
    if (fault === 'server-error') return dynamoError(500, 'InternalServerError', 'Internal server error');
    if (fault === 'drop-before') throw connectionReset();
    const answer = await inner.handle(request, options);
    if (fault === 'drop-after') {
      (answer.response.body as Readable | undefined)?.resume?.();
      throw connectionReset();
    }
    return answer;
  };
  config.requestHandler = faulty;
  return () => {
    config.requestHandler = inner;
  };
}
