import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { createHash, randomUUID } from 'node:crypto';
import type { Decision } from './iam.js';
import type { QueuedMessage } from './rehearsal.js';
import { ACCOUNT, REGION } from './resolve.js';

/** One AWS call, read from the wire: the caller's access key, and what IAM evaluates. */
const COGNITO_TARGET = 'AWSCognitoIdentityProviderService.';
/** Cognito operations AWS serves without a signature (the app client's or the user's own calls). */
const COGNITO_UNSIGNED = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'SignUp',
  'ConfirmSignUp',
  'ResendConfirmationCode',
  'ForgotPassword',
  'ConfirmForgotPassword',
  'GetUser',
  'RevokeToken',
]);

export interface AwsCall {
  accessKeyId: string;
  service: string;
  /** One or more IAM requests (a batch names several tables, a copy reads one object and writes another). */
  checks: { action: string; resource: string; context: Record<string, string | string[]> }[];
}

export interface GatewayBackends {
  /** The caller's function (its id and role) by access key; undefined: not a rehearsal function's key. */
  caller(accessKeyId: string): { functionId: string; roleArn: string } | undefined;
  /** An SQS queue's messages by queue name (the dead-letter queues); undefined: no such queue. */
  queue(name: string): QueuedMessage[] | undefined;
  authorize(roleArn: string, functionId: string, check: AwsCall['checks'][number]): Promise<Decision>;
  /** DynamoDB's key schema by table name: the partition key's attribute, for dynamodb:LeadingKeys. */
  partitionKeyOf(table: string): string | undefined;
  dynamoEndpoint: string;
  cognitoAdminEndpoint: string;
  /** The pool's user-facing endpoint (the shim in front of cognito-local): what unsigned calls reach. */
  cognitoPublicEndpoint: string;
  /** The KMS stand-in (infra/local/kms.ts), answering to the stack's key. */
  kmsEndpoint: string;
  /** The S3 gate's handler (it checks signatures, POST policies, then s3rver). */
  s3(req: IncomingMessage, res: ServerResponse, accessKeyId: string): Promise<void>;
  putEvents(
    callerId: string,
    entries: {
      Source: string;
      DetailType: string;
      Detail: string;
      EventBusName?: string;
      Resources?: string[];
      Time?: string;
    }[],
  ): Promise<{ failed: number[] }>;
  sendEmail(callerId: string, body: any): Promise<string>;
  getSecret(secretId: string): string | undefined;
  /** The full ARN IAM evaluates for a secret asked by name or partial ARN. */
  secretArnOf(secretId: string): string | undefined;
  postToConnection(apiId: string, stage: string, connectionId: string, method: string, body: Buffer): Promise<number>;
}

const JSON_TYPE = { 'content-type': 'application/x-amz-json-1.0' };

/**
 * The rehearsal's AWS: one loopback endpoint that every function's SDK reaches through its own
 * endpoint settings (AWS_ENDPOINT_URL_<SERVICE>). Each call is read as AWS reads it (the service
 * from the signature's credential scope, the action from X-Amz-Target or the REST path, the resource
 * ARN from the parameters), evaluated against the caller's role, and either refused with AWS's
 * AccessDenied or handed to the local service: dynalite, the S3 gate, cognito-local's admin API,
 * the rehearsal's own bus, outbox, secrets and WebSocket connections.
 */
export class AwsGateway {
  private server: Server | undefined;
  url = '';
  calls = 0;
  readonly denials: Decision[] = [];

  constructor(private readonly backends: GatewayBackends) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error) => {
        if (!res.headersSent) res.writeHead(500, JSON_TYPE);
        res.end(JSON.stringify({ __type: 'InternalFailure', message: String(error?.message ?? error) }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this.url;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => {
      if (!this.server) return resolve();
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readAll(req);
    const url = new URL(req.url ?? '/', 'http://local');
    const credential = credentialOf(req, url, body);
    // Cognito's user-facing operations take no SigV4 (the app client id, or the user's own token, is
    // the credential): AWS answers them unsigned, and so does this gateway, from the public endpoint.
    const target = String(req.headers['x-amz-target'] ?? '');
    if (!credential && target.startsWith(COGNITO_TARGET) && COGNITO_UNSIGNED.has(target.slice(COGNITO_TARGET.length)))
      return pipeTo(this.backends.cognitoPublicEndpoint, req, res, body);
    if (!credential)
      return deny(res, 'unsigned', 'MissingAuthenticationToken', 'Request is missing Authentication Token', 403);
    const caller = this.backends.caller(credential.accessKeyId);
    if (!caller)
      return deny(
        res,
        credential.service,
        'UnrecognizedClientException',
        'The security token included in the request is invalid.',
        403,
      );
    this.calls += 1;
    const call = readCall(credential, req, url, body, this.backends);
    if (process.env.REHEARSAL_DEBUG)
      res.on('finish', () => {
        const functionName = caller.functionId.split('/').pop();
        const actions = call.checks.map((c) => c.action).join(',');
        console.log(
          `[aws] ${functionName} ${call.service} ${req.method} ${url.pathname} ${actions} → ${res.statusCode}`,
        );
      });
    for (const check of call.checks) {
      const decision = await this.backends.authorize(caller.roleArn, caller.functionId, check);
      if (!decision.allowed) {
        this.denials.push(decision);
        const message =
          `User: arn:aws:sts::${ACCOUNT}:assumed-role/${caller.functionId.split('/').pop()} is not ` +
          `authorized to perform: ${check.action} on resource: ${check.resource} because no identity-based policy ` +
          `allows the ${check.action} action`;
        return deny(res, call.service, 'AccessDeniedException', message, call.service === 's3' ? 403 : 400);
      }
    }
    await this.forward(call, caller.functionId, req, res, url, body);
  }

  private async forward(
    call: AwsCall,
    callerId: string,
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
    body: Buffer,
  ) {
    const target = String(req.headers['x-amz-target'] ?? '');
    switch (call.service) {
      case 'dynamodb':
        return pipeTo(this.backends.dynamoEndpoint, req, res, body);
      case 'cognito-idp':
        return pipeTo(this.backends.cognitoAdminEndpoint, req, res, body);
      case 'kms':
        return pipeTo(this.backends.kmsEndpoint, req, res, body);
      case 's3':
        return this.backends.s3(replay(req, body), res, call.accessKeyId);
      case 'events': {
        const input = JSON.parse(body.toString() || '{}');
        const entries = input.Entries ?? [];
        const { failed } = await this.backends.putEvents(callerId, entries);
        const answer = {
          FailedEntryCount: failed.length,
          Entries: entries.map((_: unknown, i: number) =>
            failed.includes(i)
              ? { ErrorCode: 'InternalFailure', ErrorMessage: 'rehearsal refused the entry' }
              : { EventId: `rehearsal-${Date.now()}-${i}` },
          ),
        };
        return res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(answer));
      }
      case 'ses': {
        const id = await this.backends.sendEmail(callerId, JSON.parse(body.toString() || '{}'));
        return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ MessageId: id }));
      }
      case 'secretsmanager': {
        const { SecretId } = JSON.parse(body.toString() || '{}');
        const value = this.backends.getSecret(SecretId);
        if (value === undefined)
          return deny(
            res,
            'secretsmanager',
            'ResourceNotFoundException',
            "Secrets Manager can't find the specified secret.",
            400,
          );
        return res
          .writeHead(200, { 'content-type': 'application/x-amz-json-1.1' })
          .end(JSON.stringify({ ARN: SecretId, Name: SecretId, SecretString: value, VersionId: 'rehearsal' }));
      }
      case 'execute-api': {
        const [, , apiId, stage, , connectionId] = url.pathname.split('/');
        const status = await this.backends.postToConnection(
          apiId!,
          stage!,
          decodeURIComponent(connectionId ?? ''),
          req.method ?? 'POST',
          body,
        );
        if (status === 410)
          return res
            .writeHead(410, { 'content-type': 'application/json', 'x-amzn-errortype': 'GoneException' })
            .end(JSON.stringify({ message: 'Gone' }));
        return res.writeHead(status).end();
      }
      case 'sqs':
        return this.sqs(target.split('.').pop() ?? '', JSON.parse(body.toString() || '{}'), res);
      case 'bedrock':
        return deny(
          res,
          'bedrock',
          'ResourceNotFoundException',
          'The rehearsal has no Bedrock model: the function falls back as it would on a model error.',
          404,
        );
      default:
        return deny(
          res,
          call.service,
          'UnknownOperationException',
          `The rehearsal does not serve ${call.service} (${target || req.method} ${url.pathname})`,
          400,
        );
    }
  }

  /**
   * SQS's JSON protocol, the calls `npm run redrive` makes: ReceiveMessage (up to ten visible
   * messages, hidden for the visibility timeout, with MD5OfBody, which the SDK checks) and
   * DeleteMessage by receipt handle.
   */
  private sqs(operation: string, input: any, res: ServerResponse) {
    const sqsJson = (status: number, answer: unknown, type?: string) =>
      res
        .writeHead(status, {
          'content-type': 'application/x-amz-json-1.0',
          ...(type ? { 'x-amzn-query-error': `${type};Sender` } : {}),
        })
        .end(JSON.stringify(answer));
    const messages = this.backends.queue(queueNameOf(input.QueueUrl));
    if (!messages)
      return sqsJson(
        400,
        { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'The specified queue does not exist.' },
        'AWS.SimpleQueueService.NonExistentQueue',
      );
    const now = Date.now();
    if (operation === 'ReceiveMessage') {
      const max = Math.min(Math.max(Number(input.MaxNumberOfMessages ?? 1), 1), 10);
      const hideMs = Number(input.VisibilityTimeout ?? 30) * 1000;
      const batch = messages.filter((message) => message.visibleAt <= now).slice(0, max);
      for (const message of batch) {
        message.visibleAt = now + hideMs;
        message.receipt = randomUUID();
        message.receives += 1;
      }
      return sqsJson(200, {
        Messages: batch.map((message) => ({
          MessageId: message.id,
          ReceiptHandle: message.receipt,
          MD5OfBody: createHash('md5').update(message.body).digest('hex'),
          Body: message.body,
          Attributes: {
            SentTimestamp: String(message.sentAt),
            ApproximateReceiveCount: String(message.receives),
          },
          MessageAttributes: Object.fromEntries(
            Object.entries(message.attributes).map(([name, value]) => [
              name,
              { DataType: 'String', StringValue: value },
            ]),
          ),
        })),
      });
    }
    if (operation === 'DeleteMessage') {
      const index = messages.findIndex((message) => message.receipt && message.receipt === input.ReceiptHandle);
      if (index < 0)
        return sqsJson(
          400,
          { __type: 'com.amazonaws.sqs#ReceiptHandleIsInvalid', message: 'The receipt handle is not valid.' },
          'ReceiptHandleIsInvalid',
        );
      messages.splice(index, 1);
      return sqsJson(200, {});
    }
    return sqsJson(400, {
      __type: 'com.amazonaws.sqs#UnsupportedOperation',
      message: `The rehearsal's SQS serves ReceiveMessage and DeleteMessage, not ${operation}`,
    });
  }
}

/** A queue URL's last segment (`<endpoint>/<account>/<name>`). */
const queueNameOf = (url: unknown): string =>
  String(url ?? '')
    .split('/')
    .pop() ?? '';

interface Credential {
  accessKeyId: string;
  service: string;
}

/** The caller's key and the service from the SigV4 credential scope (header, presigned query, or POST form). */
function credentialOf(req: IncomingMessage, url: URL, body: Buffer): Credential | undefined {
  const scope =
    /Credential=([^,]+)/.exec(String(req.headers.authorization ?? ''))?.[1] ??
    url.searchParams.get('X-Amz-Credential') ??
    (String(req.headers['content-type'] ?? '').startsWith('multipart/form-data')
      ? formField(body, 'x-amz-credential')
      : undefined);
  if (!scope) return undefined;
  const [accessKeyId, , , service] = scope.split('/');
  return accessKeyId && service ? { accessKeyId, service } : undefined;
}

/** One text field of a multipart form (they come before the file), without parsing the file. */
function formField(body: Buffer, name: string): string | undefined {
  const head = body.subarray(0, 64 * 1024).toString('latin1');
  const match = new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)`, 'i').exec(head);
  return match?.[1];
}

function readCall(
  credential: Credential,
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  backends: GatewayBackends,
): AwsCall {
  const checks: AwsCall['checks'] = [];
  const arn = (service: string, rest: string) => `arn:aws:${service}:${REGION}:${ACCOUNT}:${rest}`;
  const target = String(req.headers['x-amz-target'] ?? '');
  const operation = target.split('.').pop() ?? '';
  const json = () => {
    try {
      return JSON.parse(body.toString() || '{}');
    } catch {
      return {};
    }
  };
  switch (credential.service) {
    case 'dynamodb':
      checks.push(...dynamoChecks(operation, json(), backends));
      break;
    case 'events': {
      for (const entry of json().Entries ?? []) {
        checks.push({
          action: 'events:PutEvents',
          resource: arn('events', `event-bus/${busName(entry.EventBusName)}`),
          context: { 'events:source': entry.Source, 'events:detail-type': entry.DetailType },
        });
      }
      break;
    }
    case 'cognito-idp':
      checks.push({
        action: `cognito-idp:${operation}`,
        resource: arn('cognito-idp', `userpool/${json().UserPoolId ?? ''}`),
        context: {},
      });
      break;
    case 'kms': {
      // The key as the caller names it (the stack's key ARN); the context's keys, for kms:EncryptionContextKeys.
      const input = json();
      const keyId = String(input.KeyId ?? '');
      checks.push({
        action: `kms:${operation}`,
        resource: keyId.startsWith('arn:') ? keyId : arn('kms', `key/${keyId}`),
        context: input.EncryptionContext ? { 'kms:EncryptionContextKeys': Object.keys(input.EncryptionContext) } : {},
      });
      break;
    }
    case 'sqs':
      checks.push({ action: `sqs:${operation}`, resource: arn('sqs', queueNameOf(json().QueueUrl)), context: {} });
      break;
    case 's3':
      checks.push(...s3Checks(req, url, body));
      break;
    case 'ses': {
      const input = json();
      const from = String(input.FromEmailAddress ?? '');
      const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
      const identity = input.FromEmailAddressIdentityArn ?? arn('ses', `identity/${address.split('@')[1] ?? address}`);
      checks.push({
        action: 'ses:SendEmail',
        resource: identity,
        context: { 'ses:FromAddress': address, 'ses:ApiVersion': '2' },
      });
      const recipients = [...(input.Destination?.ToAddresses ?? []), ...(input.Destination?.CcAddresses ?? [])];
      if (recipients.length) checks[0]!.context['ses:Recipients'] = recipients;
      break;
    }
    case 'secretsmanager':
      checks.push({
        action: `secretsmanager:${operation}`,
        resource: backends.secretArnOf(String(json().SecretId ?? '')) ?? String(json().SecretId ?? ''),
        context: {},
      });
      break;
    case 'execute-api': {
      const [, , apiId, stage, connections, connectionId] = url.pathname.split('/');
      checks.push({
        action: 'execute-api:ManageConnections',
        resource: arn('execute-api', `${apiId}/${stage}/${req.method}/${connections}/${connectionId}`),
        context: {},
      });
      break;
    }
    case 'bedrock': {
      const model = decodeURIComponent(/\/model\/([^/]+)\//.exec(url.pathname)?.[1] ?? '');
      const resource = model.startsWith('arn:') ? model : `arn:aws:bedrock:${REGION}::foundation-model/${model}`;
      checks.push({
        action:
          url.pathname.endsWith('-with-response-stream') || url.pathname.endsWith('converse-stream')
            ? 'bedrock:InvokeModelWithResponseStream'
            : 'bedrock:InvokeModel',
        resource,
        context: {},
      });
      break;
    }
    default:
      checks.push({ action: `${credential.service}:${operation || req.method}`, resource: '*', context: {} });
  }
  return { accessKeyId: credential.accessKeyId, service: credential.service, checks };
}

const busName = (value: string | undefined) =>
  !value ? 'default' : value.startsWith('arn:') ? value.split('/').pop()! : value;

function dynamoChecks(operation: string, input: any, backends: GatewayBackends): AwsCall['checks'] {
  const tableArn = (table: string, index?: string) => {
    const name = String(table).startsWith('arn:') ? String(table).split('/')[1]! : String(table);
    return `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${name}${index ? `/index/${index}` : ''}`;
  };
  const leading = (table: string, item: Record<string, any> | undefined): Record<string, string[]> => {
    const key = backends.partitionKeyOf(String(table).split('/').pop()!);
    const value = key && item?.[key] ? Object.values(item[key] as Record<string, unknown>)[0] : undefined;
    return value === undefined ? {} : { 'dynamodb:LeadingKeys': [String(value)] };
  };
  const one = (action: string, table: string, item?: Record<string, any>, index?: string) => ({
    action: `dynamodb:${action}`,
    resource: tableArn(table, index),
    context: leading(table, item),
  });
  switch (operation) {
    case 'GetItem':
    case 'DeleteItem':
    case 'UpdateItem':
      return [one(operation, input.TableName, input.Key)];
    case 'PutItem':
      return [one(operation, input.TableName, input.Item)];
    case 'Query':
      return [{ ...one('Query', input.TableName, queryKey(input, backends), input.IndexName) }];
    case 'Scan':
      return [one('Scan', input.TableName, undefined, input.IndexName)];
    case 'BatchGetItem':
      return Object.entries(input.RequestItems ?? {}).flatMap(([table, request]: [string, any]) =>
        (request.Keys ?? []).map((key: any) => one('BatchGetItem', table, key)),
      );
    case 'BatchWriteItem':
      return Object.entries(input.RequestItems ?? {}).flatMap(([table, requests]: [string, any]) =>
        (requests as any[]).map((request) =>
          one('BatchWriteItem', table, request.PutRequest?.Item ?? request.DeleteRequest?.Key),
        ),
      );
    case 'TransactWriteItems':
      return (input.TransactItems ?? []).map((item: any) => {
        if (item.Put) return one('PutItem', item.Put.TableName, item.Put.Item);
        if (item.Update) return one('UpdateItem', item.Update.TableName, item.Update.Key);
        if (item.Delete) return one('DeleteItem', item.Delete.TableName, item.Delete.Key);
        return one('ConditionCheckItem', item.ConditionCheck.TableName, item.ConditionCheck.Key);
      });
    case 'TransactGetItems':
      return (input.TransactItems ?? []).map((item: any) => one('GetItem', item.Get.TableName, item.Get.Key));
    default:
      return [one(operation, input.TableName ?? '*')];
  }
}

/** The partition key's value a Query names (`#pk = :pk` in its key condition), as an item-shaped record. */
function queryKey(input: any, backends: GatewayBackends): Record<string, unknown> | undefined {
  const table = String(input.TableName ?? '');
  const names: Record<string, string> = input.ExpressionAttributeNames ?? {};
  const key = input.IndexName ? undefined : backends.partitionKeyOf(table);
  if (!key) return undefined;
  for (const match of String(input.KeyConditionExpression ?? '').matchAll(/([#\w]+)\s*=\s*(:\w+)/g)) {
    const name = names[match[1]!] ?? match[1];
    if (name === key) return { [key]: input.ExpressionAttributeValues?.[match[2]!] };
  }
  return undefined;
}

function s3Checks(req: IncomingMessage, url: URL, body: Buffer): AwsCall['checks'] {
  const [, bucket = '', ...rest] = url.pathname.split('/');
  const key = decodeURIComponent(rest.join('/'));
  const method = (req.method ?? 'GET').toUpperCase();
  const object = (name: string) => `arn:aws:s3:::${bucket}/${name}`;
  if (method === 'POST' && !key && String(req.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
    return [{ action: 's3:PutObject', resource: object(formField(body, 'key') ?? ''), context: {} }];
  }
  if (!key) {
    if (method === 'POST' && url.searchParams.has('delete')) {
      // DeleteObjects is authorised per key: DeleteObjectVersion for an entry that names a version.
      return [...body.toString().matchAll(/<Object>([\s\S]*?)<\/Object>/g)].map((entry) => ({
        action: /<VersionId>/.test(entry[1]!) ? 's3:DeleteObjectVersion' : 's3:DeleteObject',
        resource: object(/<Key>([^<]+)<\/Key>/.exec(entry[1]!)?.[1] ?? ''),
        context: {},
      }));
    }
    return [
      {
        action: url.searchParams.has('versions') ? 's3:ListBucketVersions' : 's3:ListBucket',
        resource: `arn:aws:s3:::${bucket}`,
        context: { 's3:prefix': url.searchParams.get('prefix') ?? '' },
      },
    ];
  }
  if (method === 'GET' || method === 'HEAD') return [{ action: 's3:GetObject', resource: object(key), context: {} }];
  if (method === 'DELETE') return [{ action: 's3:DeleteObject', resource: object(key), context: {} }];
  const checks: AwsCall['checks'] = [{ action: 's3:PutObject', resource: object(key), context: {} }];
  const source = req.headers['x-amz-copy-source'];
  if (source)
    checks.push({
      action: 's3:GetObject',
      resource: `arn:aws:s3:::${decodeURIComponent(String(source)).replace(/^\//, '')}`,
      context: {},
    });
  return checks;
}

function deny(res: ServerResponse, service: string, code: string, message: string, status: number) {
  if (service === 's3') {
    const s3Code = code === 'AccessDeniedException' ? 'AccessDenied' : code;
    const error = `<Error><Code>${s3Code}</Code><Message>${message}</Message></Error>`;
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n${error}`;
    return res.writeHead(status, { 'content-type': 'application/xml' }).end(xml);
  }
  const rest = service === 'ses' || service === 'execute-api' || service === 'bedrock';
  res
    .writeHead(status, {
      'content-type': rest ? 'application/json' : 'application/x-amz-json-1.1',
      'x-amzn-errortype': code,
    })
    .end(JSON.stringify({ __type: code, message, Message: message }));
}

function readAll(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The request again, its body already read: for a handler that reads the stream itself. */
function replay(req: IncomingMessage, body: Buffer): IncomingMessage {
  return Object.assign(Readable.from(body.length ? [body] : []), {
    headers: req.headers,
    method: req.method,
    url: req.url,
    socket: req.socket,
    httpVersion: req.httpVersion,
  }) as unknown as IncomingMessage;
}

function pipeTo(endpoint: string, req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
  const target = new URL(endpoint);
  return new Promise<void>((resolve) => {
    const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
    const upstream = request(
      {
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: `${target.pathname.replace(/\/$/, '')}${req.url === '/' ? '/' : req.url}`,
        headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', resolve);
      },
    );
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, JSON_TYPE);
      res.end(JSON.stringify({ __type: 'ServiceUnavailable', message: String(error.message) }));
      resolve();
    });
    upstream.end(body);
  });
}
