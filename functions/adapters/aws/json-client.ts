import http from 'node:http';
import https from 'node:https';
import { resolveCredentials, type Credentials, type CredentialsProvider } from './credentials.js';
import { canonicalQuery, signRequest } from './sigv4.js';
export { escapeUri } from './sigv4.js';

/** An error answered by an AWS service (or the network on the way), shaped as the SDK's are. */
export class AwsServiceError extends Error {
  readonly $fault: 'client' | 'server';
  readonly $retryable?: { throttling: boolean };
  readonly $metadata: { httpStatusCode?: number; attempts: number };
  constructor(name: string, message: string, statusCode: number | undefined, attempts = 1) {
    super(message);
    this.name = name;
    this.$fault = statusCode !== undefined && statusCode < 500 ? 'client' : 'server';
    this.$metadata = { httpStatusCode: statusCode, attempts };
    if (THROTTLING.has(name)) this.$retryable = { throttling: true };
  }
}

const THROTTLING = new Set(['ProvisionedThroughputExceededException', 'ThrottlingException', 'ThrottledException', 'RequestLimitExceeded', 'TooManyRequestsException', 'RequestThrottled', 'RequestThrottledException', 'LimitExceededException', 'SlowDown']);
const TRANSIENT = new Set(['InternalServerError', 'InternalFailure', 'ServiceUnavailable', 'InternalServerErrorException', 'ServiceUnavailableException', 'RequestTimeout', 'RequestTimeoutException', 'TimeoutError']);
/** S3 answers HEAD requests without a body: what the SDK calls those errors. */
const S3_STATUS_ERRORS: Record<number, string> = { 301: 'PermanentRedirect', 400: 'BadRequest', 403: 'Forbidden', 404: 'NotFound', 503: 'SlowDown' };

/** Refusals that can mean our clock is off: retried once the offset is learnt from the answer's Date. */
const CLOCK_SKEW = new Set(['RequestTimeTooSkewed', 'RequestExpired', 'RequestInTheFuture', 'InvalidSignatureException', 'SignatureDoesNotMatch', 'AuthFailure']);
const SKEW_TOLERANCE_MS = 4 * 60_000;

/** What a bare status means when a service names no error (API Gateway's management API does this). */
const STATUS_ERRORS: Record<number, string> = { 403: 'ForbiddenException', 404: 'NotFoundException', 410: 'GoneException', 429: 'TooManyRequestsException' };
const NETWORK = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'ECONNABORTED', 'UND_ERR_SOCKET']);

/** Throttling, a server fault or a dropped connection: worth another try. Injected faults shaped
 * like the SDK's errors (a name and $metadata) follow the same rules. */
function retryable(error: unknown): boolean {
  const candidate = error as { name?: string; code?: string; clockSkewCorrected?: boolean; $metadata?: { httpStatusCode?: number } };
  return !!candidate?.clockSkewCorrected || THROTTLING.has(candidate?.name ?? '') || TRANSIENT.has(candidate?.name ?? '') || (candidate?.$metadata?.httpStatusCode ?? 0) >= 500 || NETWORK.has(candidate?.code ?? '');
}

/** The region Lambda (or the operator's shell) names. */
export const regionFromEnvironment = () => process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION ?? 'us-east-1';

/** AWS's domain in a region: China's partition has its own. */
export const awsDomain = (region: string) => (region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com');

/** A fault to inject below the retries (tests): return an error to answer with, or nothing. */
export type FaultInjector = (operation: string, input: Record<string, unknown>) => Error | undefined;

export interface AwsJsonClientOptions {
  /** e.g. `dynamodb`, `events`: the signing name and, by default, the endpoint's first label. */
  service: string;
  /** The endpoint's first label when it differs from the signing name (`bedrock-runtime`). */
  hostPrefix?: string;
  /** For `call` (the AWS JSON protocol): the X-Amz-Target prefix, e.g. `DynamoDB_20120810`. */
  targetPrefix?: string;
  /** For `call`: `1.0` (DynamoDB) or `1.1` (EventBridge, Cognito). */
  jsonVersion?: '1.0' | '1.1';
  /** A full URL; a path in it (an API stage) prefixes every request's path. */
  endpoint?: string;
  region?: string;
  credentials?: Credentials;
  /** Where credentials come from when the caller already resolved them (S3's per-bucket clients). */
  credentialsProvider?: CredentialsProvider;
  maxAttempts?: number;
  /** An attempt that has neither answered nor sent a byte for this long is abandoned (and retried). */
  timeoutMs?: number;
}

export interface HttpCall {
  method: string;
  /** Below the endpoint's own path, labels already encoded. */
  path: string;
  /** Query parameters, not encoded. */
  query?: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  signal?: AbortSignal;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function parseJson(answer: RawAnswer): unknown {
  if (!answer.text) return {};
  try {
    return JSON.parse(answer.text);
  } catch {
    throw new AwsServiceError('InternalFailure', 'Unreadable answer', answer.status);
  }
}

const xmlText = (xml: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(xml)?.[1];

/** JSON protocols name the error in the body; REST ones in a header (and sometimes the body); S3 in XML. */
function describeError(answer: RawAnswer, service: string): { name: string; message: string } {
  let parsed: Record<string, unknown> = {};
  if (answer.text.trimStart().startsWith('{')) {
    try {
      parsed = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      // not JSON after all: named by the status below
    }
  }
  const xmlCode = answer.text.includes('<Error>') ? xmlText(answer.text, 'Code') : undefined;
  const headerType = answer.headers['x-amzn-errortype'] as string | undefined;
  const s3Status = service === 's3' ? S3_STATUS_ERRORS[answer.status] : undefined;
  const type = String(parsed.__type ?? xmlCode ?? headerType ?? parsed.code ?? s3Status ?? STATUS_ERRORS[answer.status] ?? `Http${answer.status}`);
  const name = type.slice(type.lastIndexOf('#') + 1).split(':')[0]!;
  const message = String(parsed.message ?? parsed.Message ?? (xmlCode ? xmlText(answer.text, 'Message') : undefined) ?? `${service} answered ${answer.status}`);
  return { name, message };
}

/**
 * A client for the AWS JSON and REST-JSON protocols (and the few S3 calls, whose errors are XML):
 * one signed request per operation over kept-alive connections, with the SDK's standard retry
 * policy (exponential backoff with full jitter on throttling, 5xx and dropped or silent
 * connections) and its correction of a skewed clock. The SDK's generic machinery cost about half
 * the CPU of each DynamoDB call on the embedded stack (a raw PutItem runs 1.8–2× as fast through
 * this) and about 200 KB of every handler bundle; the services the handlers talk to need only this.
 */
export class AwsJsonClient {
  private readonly url: URL;
  private readonly region: string;
  private readonly credentials: CredentialsProvider;
  private readonly agent: http.Agent;
  private readonly maxAttempts: number;
  private readonly faults = new Map<string, FaultInjector>();
  private readonly timeoutMs: number;
  /** Server time minus ours, learnt from a refusal for skew: signatures use the server's clock. */
  private clockOffsetMs = 0;

  constructor(private readonly options: AwsJsonClientOptions) {
    this.region = options.region ?? regionFromEnvironment();
    this.url = new URL(options.endpoint ?? `https://${options.hostPrefix ?? options.service}.${this.region}.${awsDomain(this.region)}`);
    this.credentials = options.credentialsProvider ?? resolveCredentials({ credentials: options.credentials, endpoint: options.endpoint });
    const secure = this.url.protocol === 'https:';
    this.agent = secure ? new https.Agent({ keepAlive: true, maxSockets: 50 }) : new http.Agent({ keepAlive: true, maxSockets: 50 });
    this.maxAttempts = options.maxAttempts ?? 3;
    this.timeoutMs = options.timeoutMs ?? 30_000;
  }

  get endpoint(): string {
    return this.url.origin;
  }

  /** Tests: answer some calls with an error, as the service would (the retries still apply). */
  addFault(name: string, injector: FaultInjector): void {
    this.faults.set(name, injector);
  }

  removeFault(name: string): void {
    this.faults.delete(name);
  }

  /** An operation of the AWS JSON protocol: a POST to `/` naming it in X-Amz-Target. */
  async call<Output>(operation: string, input: Record<string, unknown>): Promise<Output> {
    const headers = { 'content-type': `application/x-amz-json-${this.options.jsonVersion ?? '1.0'}`, 'x-amz-target': `${this.options.targetPrefix}.${operation}` };
    return (await this.send(operation, input, { method: 'POST', path: '/', headers, body: JSON.stringify(input) })) as Output;
  }

  /** An operation of a REST protocol: `path` below the endpoint's, labels encoded with `escapeUri`. */
  async rest<Output>(operation: string, request: { method: string; path: string; body: string; contentType?: string; signal?: AbortSignal }): Promise<Output> {
    const headers = { 'content-type': request.contentType ?? 'application/json' };
    return (await this.send(operation, { path: request.path }, { method: request.method, path: request.path, headers, body: request.body, signal: request.signal })) as Output;
  }

  /**
   * One signed request as it is (S3): the answer's status, headers and text when it is a success;
   * an AwsServiceError otherwise, named from the body (JSON or S3's XML) or the status.
   */
  async request(operation: string, call: HttpCall): Promise<RawAnswer> {
    return this.send(operation, { path: call.path, ...call.query }, call, (answer) => answer);
  }

  private async send<T = unknown>(operation: string, input: Record<string, unknown>, request: HttpCall, read: (answer: RawAnswer) => T = parseJson as (answer: RawAnswer) => T): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        for (const inject of this.faults.values()) {
          const fault = inject(operation, input);
          if (fault) throw fault;
        }
        return read(await this.exchange(request, attempt));
      } catch (error) {
        if (attempt >= this.maxAttempts || !retryable(error) || request.signal?.aborted) throw error;
        // Full jitter on an exponential base (100 ms, doubling, at most 20 s): the SDK's standard mode.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(20_000, 100 * 2 ** (attempt - 1))));
      }
    }
  }

  private async exchange(call: HttpCall, attempt: number): Promise<RawAnswer> {
    const path = `${this.url.pathname.replace(/\/$/, '')}${call.path}`;
    const signedAt = new Date(Date.now() + this.clockOffsetMs);
    const headers = signRequest(
      { method: call.method, hostname: this.url.host, path, headers: call.headers, body: call.body, query: call.query, s3: this.options.service === 's3' },
      await this.credentials(),
      this.region,
      this.options.service,
      signedAt,
    );
    headers['content-length'] = String(Buffer.byteLength(call.body));
    const transport = this.url.protocol === 'https:' ? https : http;
    const search = call.query ? `?${canonicalQuery(call.query)}` : '';
    const answer = await new Promise<RawAnswer>((resolve, reject) => {
      const request = transport.request(
        { protocol: this.url.protocol, hostname: this.url.hostname, port: this.url.port, path: path + search, method: call.method, headers, agent: this.agent, signal: call.signal },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', reject);
        },
      );
      request.setTimeout(this.timeoutMs, () => request.destroy(Object.assign(new Error(`${this.options.service} did not answer within ${this.timeoutMs} ms`), { name: 'TimeoutError', code: 'ETIMEDOUT' })));
      request.on('error', reject);
      request.end(call.body);
    });
    // S3 may answer 200 to a copy and still report an error in the body.
    const failed = answer.status < 200 || answer.status >= 300 || (this.options.service === 's3' && /^\s*(<\?xml[^>]*>\s*)?<Error>/.test(answer.text));
    if (!failed) return answer;
    const { name, message } = describeError(answer, this.options.service);
    const error = new AwsServiceError(name, message, answer.status, attempt);
    const serverDate = answer.headers.date;
    if (CLOCK_SKEW.has(name) && serverDate && Math.abs(Date.parse(serverDate) - signedAt.getTime()) > SKEW_TOLERANCE_MS) {
      this.clockOffsetMs = Date.parse(serverDate) - Date.now();
      Object.assign(error, { clockSkewCorrected: true });
    }
    throw error;
  }

  destroy(): void {
    this.agent.destroy();
  }
}
