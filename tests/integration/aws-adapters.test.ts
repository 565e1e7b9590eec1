import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EventBridgeBus } from '../../functions/adapters/event-bridge.js';
import { MailError } from '../../functions/adapters/mail/types.js';
import { SesMailer } from '../../functions/adapters/mail/ses-mailer.js';
import { ApiGatewayPoster } from '../../functions/adapters/realtime/poster.js';
import { httpHandler, type HttpEvent } from '../../functions/http/middleware.js';
import { PROMPT_SERVICE_SILENCE_MS, requestHandlerOptions } from '../../functions/adapters/sdk-config.js';

/**
 * The adapters' error mapping, through the real SDK clients and their real transport, against a
 * local endpoint that answers as the service would (status, error type header, JSON body).
 */
type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | 'hang-up' | 'silent';
let answer: (req: IncomingMessage, body: string) => Answer;
const seen: { method: string; url: string; body: string }[] = [];
let server: Server;
const silent: Socket[] = [];
let endpoint: string;
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      const reply = answer(req, body);
      if (reply === 'hang-up') return void req.socket.destroy();
      // Reads the request and never answers, like a connection that died without a reset.
      if (reply === 'silent') return void silent.push(req.socket);
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // What Lambda's environment gives every client.
  Object.assign(process.env, { AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'AKIDTEST', AWS_SECRET_ACCESS_KEY: 'secret' });
});
afterAll(async () => {
  process.env = saved;
  for (const socket of silent) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

const errorType = (status: number, type: string, message: string): Answer => ({ status, headers: { 'x-amzn-errortype': type }, body: { message } });

describe('API Gateway management (live updates)', () => {
  it("posts the message to the connection and reports 'sent'", async () => {
    answer = () => ({ status: 200 });
    expect(await new ApiGatewayPoster(`${endpoint}/prod`).post('abc=', '{"type":"changed"}')).toBe('sent');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/prod/@connections/abc%3D', body: '{"type":"changed"}' });
  });

  it("reports a closed connection (410 GoneException) as 'gone', without retrying", async () => {
    answer = () => errorType(410, 'GoneException', 'Gone');
    expect(await new ApiGatewayPoster(`${endpoint}/prod`).post('abc', 'x')).toBe('gone');
    expect(seen).toHaveLength(1);
  });

  it('lets any other refusal through', async () => {
    answer = () => errorType(403, 'ForbiddenException', 'Forbidden');
    await expect(new ApiGatewayPoster(`${endpoint}/prod`).post('abc', 'x')).rejects.toMatchObject({ name: 'ForbiddenException' });
  });

  it('a fan-out through one client (its middleware stack resolved once) sends each message to its own connection', async () => {
    answer = (req) => (req.url?.endsWith('/gone') ? errorType(410, 'GoneException', 'Gone') : { status: 200 });
    const poster = new ApiGatewayPoster(`${endpoint}/prod`);
    const outcomes = [];
    for (const id of ['one', 'gone', 'two', 'three']) outcomes.push(await poster.post(id, `{"to":"${id}"}`));
    expect(outcomes).toEqual(['sent', 'gone', 'sent', 'sent']);
    expect(seen.map(({ url, body }) => [url, body])).toEqual(['one', 'gone', 'two', 'three'].map((id) => [`/prod/@connections/${id}`, `{"to":"${id}"}`]));
  });
});

describe('SES', () => {
  const mailer = () => new SesMailer('no-reply@example.com', new SESv2Client({ endpoint, maxAttempts: 2 }));

  it('sends from the configured sender and returns SES’s message id', async () => {
    answer = () => ({ status: 200, body: { MessageId: 'm-1' } });
    const sent = await mailer().send({ to: 'someone@example.com', subject: 'Hi', text: 'Hello' });
    expect(sent).toMatchObject({ id: 'm-1', from: 'no-reply@example.com' });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ FromEmailAddress: 'no-reply@example.com', Destination: { ToAddresses: ['someone@example.com'] } });
  });

  it('turns a refusal into a MailError that says why', async () => {
    answer = () => errorType(400, 'MessageRejected', 'Email address is not verified.');
    await expect(mailer().send({ to: 'someone@example.com', subject: 'Hi', text: 'Hello' })).rejects.toSatisfy(
      (error: unknown) => error instanceof MailError && /Email address is not verified/.test(error.message),
    );
  });
});

describe('EventBridge', () => {
  it('reports the entries PutEvents refused, by index', async () => {
    answer = () => ({ status: 200, body: { FailedEntryCount: 1, Entries: [{ EventId: 'e-0' }, { ErrorCode: 'InternalFailure', ErrorMessage: 'x' }] } });
    const bus = new EventBridgeBus('bus', new EventBridgeClient({ endpoint }));
    const entry = { Source: 'design-club', DetailType: 'T', Detail: '{}' };
    expect(await bus.putEvents([entry, entry])).toEqual({ failedIndexes: [1] });
    expect(JSON.parse(seen[0]!.body)).toMatchObject({ Entries: [{ EventBusName: 'bus' }, { EventBusName: 'bus' }] });
  });
});

describe('a service failure that outlives the SDK’s retries, at the API', () => {
  const event = { routeKey: 'GET /api/health', isBase64Encoded: false, requestContext: { requestId: 'r-1' } } as unknown as HttpEvent;
  const callThrough = async () => {
    const bus = new EventBridgeBus('bus', new EventBridgeClient({ endpoint, maxAttempts: 2, retryStrategy: undefined }));
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
    expect(seen.length).toBe(2);
  });

  it('answers 503 for connections dropped on every attempt', async () => {
    answer = () => 'hang-up';
    expect((await callThrough()).statusCode).toBe(503);
  });
});

describe('an attempt whose connection goes silent', () => {
  const client = (silentMs: number, maxAttempts: number) =>
    new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' }, maxAttempts, requestHandler: requestHandlerOptions(silentMs) });
  const get = new GetItemCommand({ TableName: 'events', Key: { streamId: { S: 'user-1' }, version: { N: '1' } } });

  it('is abandoned, and the SDK retries it on a fresh connection: the retry answers', async () => {
    let attempts = 0;
    answer = () => ((attempts += 1) === 1 ? 'silent' : { status: 200, body: { Item: { streamId: { S: 'user-1' }, version: { N: '1' } } } });
    const dynamo = client(300, 3);
    const { Item } = await dynamo.send(get);
    expect(Item?.streamId?.S).toBe('user-1');
    expect(seen).toHaveLength(2);
    dynamo.destroy();
  });

  it('fails with a TimeoutError once every attempt stayed silent, instead of waiting for the function to be killed', async () => {
    answer = () => 'silent';
    const dynamo = client(300, 2);
    await expect(dynamo.send(get)).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(seen).toHaveLength(2);
    dynamo.destroy();
  });

  it('EventBridge PutEvents stops waiting when its caller does (the publisher’s budget)', async () => {
    answer = () => 'silent';
    const bus = new EventBridgeBus('bus', new EventBridgeClient({ endpoint, maxAttempts: 3, requestHandler: requestHandlerOptions() }));
    await expect(bus.putEvents([{ Source: 'design-club', DetailType: 'T', Detail: '{}' }], { abortSignal: AbortSignal.timeout(200) })).rejects.toMatchObject({ name: expect.stringMatching(/AbortError|TimeoutError/) });
    expect(seen).toHaveLength(1);
  });

  it('every client is configured with an idle limit that abandons (not requestTimeout, which only warns)', () => {
    expect(requestHandlerOptions()).toEqual({ connectionTimeout: 3_000, socketTimeout: PROMPT_SERVICE_SILENCE_MS });
    expect(requestHandlerOptions()).not.toHaveProperty('requestTimeout');
  });
});
