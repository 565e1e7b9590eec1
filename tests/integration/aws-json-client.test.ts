import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand, DynamoClient, GetCommand, PutCommand, QueryCommand } from '../../functions/adapters/aws/dynamodb.js';
import { signRequest } from '../../functions/adapters/aws/sigv4.js';
import { loadStripeSecrets } from '../../functions/adapters/billing/stripe-provider.js';
import { BedrockConverseClient } from '../../functions/adapters/checklist/bedrock.js';
import { EventBridgeBus } from '../../functions/adapters/event-bridge.js';
import { IdentityDirectory } from '../../functions/adapters/identity.js';
import { SesMailer } from '../../functions/adapters/mail/ses-mailer.js';
import { ApiGatewayPoster } from '../../functions/adapters/realtime/poster.js';

const credentials = { accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret', sessionToken: 'session-token' };

interface Seen {
  target: string;
  path: string;
  body: Record<string, any>;
}

/**
 * A strict stand-in for an AWS JSON endpoint: it recomputes every request's signature from the
 * secret and refuses a mismatch (403), as AWS does, then answers from a script per call.
 */
function strictEndpoint() {
  const seen: Seen[] = [];
  const script: ((request: http.IncomingMessage, response: http.ServerResponse) => void)[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = request.headers as Record<string, string>;
      const signedNames = /SignedHeaders=([^,]+)/.exec(headers.authorization ?? '')?.[1]?.split(';') ?? [];
      const signed = Object.fromEntries(signedNames.filter((name) => !['host', 'x-amz-date', 'x-amz-security-token'].includes(name)).map((name) => [name, headers[name]!]));
      const amzDate = headers['x-amz-date'] ?? '';
      const at = new Date(`${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`);
      const target = headers['x-amz-target'] ?? '';
      const path = request.url ?? '/';
      const service = target.startsWith('AWSEvents') ? 'events' : target.startsWith('AWSCognito') ? 'cognito-idp' : target.startsWith('secretsmanager') ? 'secretsmanager' : target ? 'dynamodb' : path.includes('/@connections/') ? 'execute-api' : path.startsWith('/v2/email/') ? 'ses' : 'bedrock';
      const expected = signRequest({ method: request.method!, hostname: headers.host!, path, headers: signed, body }, credentials, 'eu-central-1', service, at);
      if (expected.authorization !== headers.authorization || headers['x-amz-security-token'] !== credentials.sessionToken) {
        response.writeHead(403, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify({ __type: 'com.amazon.coral.service#InvalidSignatureException', message: 'The request signature we calculated does not match the signature you provided.' }));
        return;
      }
      seen.push({ target, path, body: path.includes('/@connections/') ? { raw: body } : JSON.parse(body) });
      const next = script.shift();
      if (next) next(request, response);
      else response.writeHead(200).end('{}');
    });
  });
  const answer = (status: number, body: unknown) => (_request: http.IncomingMessage, response: http.ServerResponse) => response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(body));
  const drop = () => (request: http.IncomingMessage) => request.socket.destroy();
  return { server, seen, script, answer, drop };
}

describe('the lean AWS JSON client against a strict endpoint', () => {
  const endpoint = strictEndpoint();
  let url = '';
  let dynamo: DynamoClient;
  beforeAll(async () => {
    await new Promise<void>((resolve) => endpoint.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(endpoint.server.address() as AddressInfo).port}`;
    dynamo = new DynamoClient({ endpoint: url, region: 'eu-central-1', credentials, maxAttempts: 4 });
  });
  afterAll(async () => {
    dynamo.destroy();
    await new Promise((resolve) => endpoint.server.close(resolve));
  });

  it('signs every request so that the endpoint accepts it, and sends DynamoDB JSON', async () => {
    endpoint.script.push(endpoint.answer(200, { Item: { pk: { S: 'a' }, n: { N: '2' }, tags: { L: [{ S: 'x' }] }, nested: { M: { ok: { BOOL: true }, none: { NULL: true } } } } }));
    const result = await dynamo.send(new GetCommand({ TableName: 'views', Key: { pk: 'a', sk: 'doc' }, ConsistentRead: true }));
    expect(result.Item).toEqual({ pk: 'a', n: 2, tags: ['x'], nested: { ok: true, none: null } });
    expect(endpoint.seen.at(-1)).toEqual({ target: 'DynamoDB_20120810.GetItem', path: '/', body: { TableName: 'views', Key: { pk: { S: 'a' }, sk: { S: 'doc' } }, ConsistentRead: true } });
  });

  it('a wrong secret is refused by the endpoint (so the check above could fail)', async () => {
    const wrong = new DynamoClient({ endpoint: url, region: 'eu-central-1', credentials: { ...credentials, secretAccessKey: 'wrong' }, maxAttempts: 1 });
    await expect(wrong.send(new GetCommand({ TableName: 'views', Key: { pk: 'a', sk: 'doc' } }))).rejects.toMatchObject({ name: 'InvalidSignatureException', $metadata: { httpStatusCode: 403 } });
    wrong.destroy();
  });

  it('retries throttling, server errors and dropped connections, then answers', async () => {
    const before = endpoint.seen.length;
    endpoint.script.push(
      endpoint.answer(400, { __type: 'com.amazonaws.dynamodb.v20120810#ProvisionedThroughputExceededException', message: 'slow down' }),
      endpoint.answer(500, { __type: 'com.amazonaws.dynamodb.v20120810#InternalServerError', message: 'oops' }),
      endpoint.drop(),
      endpoint.answer(200, { Items: [{ pk: { S: 'p' } }], LastEvaluatedKey: { pk: { S: 'p' }, sk: { S: 's' } } }),
    );
    const page = await dynamo.send(new QueryCommand({ TableName: 'views', KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'p' }, ExclusiveStartKey: { pk: 'o', sk: 's' } }));
    expect(page).toMatchObject({ Items: [{ pk: 'p' }], LastEvaluatedKey: { pk: 'p', sk: 's' } });
    expect(endpoint.seen.length - before).toBe(4);
    expect(endpoint.seen.at(-1)!.body).toMatchObject({ ExpressionAttributeValues: { ':pk': { S: 'p' } }, ExclusiveStartKey: { pk: { S: 'o' }, sk: { S: 's' } } });
  });

  it('answers a refused condition at once, named as the SDK names it, without retrying', async () => {
    const before = endpoint.seen.length;
    endpoint.script.push(endpoint.answer(400, { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'The conditional request failed' }));
    const refused = dynamo.send(new PutCommand({ TableName: 'events', Item: { streamId: 's', version: 1, gone: undefined }, ConditionExpression: 'attribute_not_exists(streamId)' }));
    await expect(refused).rejects.toMatchObject({ name: 'ConditionalCheckFailedException', message: 'The conditional request failed', $fault: 'client' });
    expect(endpoint.seen.length - before).toBe(1);
    expect(endpoint.seen.at(-1)!.body.Item).toEqual({ streamId: { S: 's' }, version: { N: '1' } });
  });

  it('abandons an attempt that stays silent and tries again', async () => {
    const patient = new DynamoClient({ endpoint: url, region: 'eu-central-1', credentials, maxAttempts: 2, timeoutMs: 300 });
    const before = endpoint.seen.length;
    endpoint.script.push(() => undefined, endpoint.answer(200, { Item: { pk: { S: 'late' } } }));
    await expect(patient.send(new GetCommand({ TableName: 'views', Key: { pk: 'late', sk: 'x' } }))).resolves.toEqual({ Item: { pk: 'late' } });
    expect(endpoint.seen.length - before).toBe(2);
    endpoint.script.push(() => undefined, () => undefined);
    await expect(patient.send(new GetCommand({ TableName: 'views', Key: { pk: 'never', sk: 'x' } }))).rejects.toMatchObject({ name: 'TimeoutError' });
    patient.destroy();
  });

  it('learns the server clock from a refusal for skew and signs with it', async () => {
    const serverNow = () => new Date(Date.now() + 3_600_000);
    const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const skewCheck = (request: http.IncomingMessage, response: http.ServerResponse) => {
      const sent = request.headers['x-amz-date'] as string;
      const sentAt = Date.parse(`${sent.slice(0, 4)}-${sent.slice(4, 6)}-${sent.slice(6, 8)}T${sent.slice(9, 11)}:${sent.slice(11, 13)}:${sent.slice(13, 15)}Z`);
      const inTime = Math.abs(sentAt - serverNow().getTime()) < 5 * 60_000;
      if (inTime) response.writeHead(200, { date: serverNow().toUTCString() }).end('{}');
      else response.writeHead(400, { date: serverNow().toUTCString() }).end(JSON.stringify({ __type: 'com.amazon.coral.service#InvalidSignatureException', message: `Signature expired: ${sent} is now earlier than ${amzDate(serverNow())}` }));
    };
    const skewed = new DynamoClient({ endpoint: url, region: 'eu-central-1', credentials, maxAttempts: 2 });
    const before = endpoint.seen.length;
    endpoint.script.push(skewCheck, skewCheck);
    await expect(skewed.send(new PutCommand({ TableName: 'views', Item: { pk: 'clock' } }))).resolves.toEqual({});
    expect(endpoint.seen.length - before).toBe(2);
    // The next call is signed with the learnt clock at once.
    endpoint.script.push(skewCheck);
    await expect(skewed.send(new PutCommand({ TableName: 'views', Item: { pk: 'clock' } }))).resolves.toEqual({});
    expect(endpoint.seen.length - before).toBe(3);
    skewed.destroy();
  });

  it('gives up after its attempts with the last error', async () => {
    for (let i = 0; i < 4; i += 1) endpoint.script.push(endpoint.answer(503, { __type: 'ServiceUnavailable', message: 'down' }));
    await expect(dynamo.send(new GetCommand({ TableName: 'views', Key: { pk: 'a', sk: 'b' } }))).rejects.toMatchObject({ name: 'ServiceUnavailable', $fault: 'server', $metadata: { httpStatusCode: 503 } });
  });

  it('batch writes: items go out as DynamoDB JSON, unprocessed ones come back as plain values', async () => {
    endpoint.script.push(endpoint.answer(200, { UnprocessedItems: { views: [{ PutRequest: { Item: { pk: { S: 'b' }, v: { N: '3' } } } }] } }));
    const result = await dynamo.send(new BatchWriteCommand({ RequestItems: { views: [{ PutRequest: { Item: { pk: 'a', v: 1 } } }, { DeleteRequest: { Key: { pk: 'c', sk: 'd' } } }] } }));
    expect(result.UnprocessedItems).toEqual({ views: [{ PutRequest: { Item: { pk: 'b', v: 3 } } }] });
    expect(endpoint.seen.at(-1)!.body.RequestItems).toEqual({ views: [{ PutRequest: { Item: { pk: { S: 'a' }, v: { N: '1' } } } }, { DeleteRequest: { Key: { pk: { S: 'c' }, sk: { S: 'd' } } } }] });
  });

  /** The service adapters take their credentials and region from the environment, as in Lambda. */
  async function withRoleCredentials(work: () => Promise<void>) {
    const region = process.env.AWS_REGION;
    Object.assign(process.env, { AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: credentials.accessKeyId, AWS_SECRET_ACCESS_KEY: credentials.secretAccessKey, AWS_SESSION_TOKEN: credentials.sessionToken });
    try {
      await work();
    } finally {
      for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) delete process.env[name];
      if (region === undefined) delete process.env.AWS_REGION;
      else process.env.AWS_REGION = region;
    }
  }

  it('API Gateway: PostToConnection under the stage, the id encoded; 410 means gone', async () => {
    await withRoleCredentials(async () => {
      const poster = new ApiGatewayPoster(`${url}/prod`, { region: 'eu-central-1' });
      await expect(poster.post('L0SM9cOFvHcCIhw=', '{"type":"project.changed"}')).resolves.toBe('sent');
      expect(endpoint.seen.at(-1)).toEqual({ target: '', path: '/prod/@connections/L0SM9cOFvHcCIhw%3D', body: { raw: '{"type":"project.changed"}' } });
      endpoint.script.push((_request, response) => response.writeHead(410).end());
      await expect(poster.post('gone-one', 'x')).resolves.toBe('gone');
      endpoint.script.push(endpoint.answer(403, { message: 'Forbidden' }));
      await expect(poster.post('forbidden', 'x')).rejects.toMatchObject({ name: 'ForbiddenException' });
    });
  });

  it('Cognito: group membership and global sign-out as AWS JSON 1.1 calls', async () => {
    await withRoleCredentials(async () => {
      const directory = new IdentityDirectory('eu-central-1_pool', url);
      await directory.addToGroup('dana@example.com', 'designer');
      expect(endpoint.seen.at(-1)).toEqual({ target: 'AWSCognitoIdentityProviderService.AdminAddUserToGroup', path: '/', body: { UserPoolId: 'eu-central-1_pool', Username: 'dana@example.com', GroupName: 'designer' } });
      endpoint.script.push(endpoint.answer(400, { __type: 'UserNotFoundException', message: 'User does not exist.' }));
      await expect(directory.globalSignOut('nobody')).rejects.toMatchObject({ name: 'UserNotFoundException', message: 'User does not exist.' });
    });
  });

  it('SES: SendEmail to /v2/email/outbound-emails, answering its message id', async () => {
    await withRoleCredentials(async () => {
      const mailer = new SesMailer('team@example.com', { endpoint: url, region: 'eu-central-1' });
      endpoint.script.push(endpoint.answer(200, { MessageId: 'ses-message-1' }));
      const sent = await mailer.send({ to: 'client@example.com', subject: 'Invitation', text: 'Join us' });
      expect(sent.id).toBe('ses-message-1');
      expect(endpoint.seen.at(-1)).toMatchObject({ path: '/v2/email/outbound-emails', body: { FromEmailAddress: 'team@example.com', Destination: { ToAddresses: ['client@example.com'] }, Content: { Simple: { Subject: { Data: 'Invitation' }, Body: { Text: { Data: 'Join us' } } } } } });
      endpoint.script.push((_request, response) => response.writeHead(400, { 'x-amzn-errortype': 'MessageRejected:http://internal.amazon.com/' }).end(JSON.stringify({ message: 'Email address is not verified.' })));
      await expect(mailer.send({ to: 'x@example.com', subject: 's', text: 't' })).rejects.toThrow('Email could not be sent: Email address is not verified.');
    });
  });

  it('Bedrock: Converse on /model/{id}/converse, the model id in the path only', async () => {
    await withRoleCredentials(async () => {
      const bedrock = new BedrockConverseClient({ endpoint: url, region: 'eu-central-1' });
      const answer = { output: { message: { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'record_checklist', input: { checklist: [] } } }] } }, stopReason: 'tool_use' };
      endpoint.script.push(endpoint.answer(200, answer));
      const output = await bedrock.send({ input: { modelId: 'anthropic.claude-3-haiku-20240307-v1:0', messages: [{ role: 'user', content: [{ text: 'brief' }] }] } });
      expect(output).toMatchObject(answer);
      expect(endpoint.seen.at(-1)).toEqual({ target: '', path: '/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse', body: { messages: [{ role: 'user', content: [{ text: 'brief' }] }] } });
    });
  });

  it("Secrets Manager: Stripe's keys from the secret the stack names", async () => {
    await withRoleCredentials(async () => {
      endpoint.script.push(endpoint.answer(200, { SecretString: JSON.stringify({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' }) }));
      const secrets = await loadStripeSecrets({ STRIPE_SECRET_ARN: 'arn:aws:secretsmanager:eu-central-1:1:secret:design-club/dev/stripe', SECRETS_MANAGER_ENDPOINT: url });
      expect(secrets).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' });
      expect(endpoint.seen.at(-1)).toEqual({ target: 'secretsmanager.GetSecretValue', path: '/', body: { SecretId: 'arn:aws:secretsmanager:eu-central-1:1:secret:design-club/dev/stripe' } });
    });
  });

  it('EventBridge: PutEvents to the bus, reporting refused entries by index', async () => {
    await withRoleCredentials(async () => {
      const bus = new EventBridgeBus('design-club-bus', { endpoint: url, region: 'eu-central-1' });
      endpoint.script.push(endpoint.answer(200, { FailedEntryCount: 1, Entries: [{ EventId: 'e1' }, { ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }] }));
      const entries = [1, 2].map((n) => ({ Source: 'design-club', DetailType: 'CommentPosted', Detail: JSON.stringify({ n }) }));
      await expect(bus.putEvents(entries)).resolves.toEqual({ failedIndexes: [1] });
      expect(endpoint.seen.at(-1)).toEqual({ target: 'AWSEvents.PutEvents', path: '/', body: { Entries: entries.map((entry) => ({ ...entry, EventBusName: 'design-club-bus' })) } });
    });
  });
});
