import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttp2Server, type Http2ServerRequest, type Http2ServerResponse } from 'node:http2';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP endpoint that stands in for an AWS service the embedded stack has no emulator for.
 * The adapters reach it through their real SDK clients (serializer, signer, retry strategy, Node
 * handler); each test says how the endpoint answers, in the service's wire format (the modules
 * beside this one), and asserts on what the SDK really sent.
 */

/**
 * One answer: a response, a connection dropped before any byte, or silence (a connection that died without a reset).
 */
export type Answer = { status: number; headers?: Record<string, string>; body?: unknown } | 'hang-up' | 'silent';

export interface SeenRequest {
  /** The SigV4 signing name the request was signed for: sts, ssm, lambda, ses, bedrock, sqs, … */
  service: string;
  /** `X-Amz-Target`'s operation (awsJson) or the form's `Action` (awsQuery); undefined for REST protocols. */
  operation?: string;
  method: string;
  /** The path and query as sent (percent-encoding kept). */
  url: string;
  /** The decoded path, without the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** Set when the client closed the connection before it was answered (an abort, a socket timeout). */
  closedByClient: boolean;
}

export interface AwsEndpoint {
  readonly url: string;
  /** Every request in arrival order, retries included. */
  readonly seen: SeenRequest[];
  /** How the endpoint answers from now on. */
  answer(responder: (request: SeenRequest, index: number) => Answer): void;
  /** The given answers one per request, the last one repeated. */
  answerInTurn(...answers: Answer[]): void;
  /** The request bodies parsed as JSON (every AWS JSON protocol, and the restJson bodies). */
  json(index?: number): any;
  reset(): void;
  close(): Promise<void>;
}

/**
 * `http2`: the endpoint speaks HTTP/2 without TLS (prior knowledge), as a client whose SDK default
 * handler is NodeHttp2Handler needs (Bedrock Runtime); the others speak HTTP/1.1.
 */
export async function startAwsEndpoint(options: { http2?: boolean } = {}): Promise<AwsEndpoint> {
  let responder: (request: SeenRequest, index: number) => Answer = () => ({
    status: 500,
    body: { message: 'no answer set' },
  });
  const seen: SeenRequest[] = [];
  const held: (() => void)[] = [];
  const handle = (req: IncomingMessage | Http2ServerRequest, res: ServerResponse | Http2ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const url = req.url ?? '';
      const request: SeenRequest = {
        service: scopeOf(req.headers)?.service ?? '',
        operation: operationOf(req.headers, body),
        method: req.method ?? '',
        url,
        path: decodeURIComponent(new URL(url, 'http://local').pathname),
        headers: req.headers,
        body,
        closedByClient: false,
      };
      seen.push(request);
      let reply: Answer;
      try {
        reply = responder(request, seen.length - 1);
      } catch (error) {
        // A responder's own bug answers as a 500 the test can read, instead of an uncaught exception.
        reply = { status: 500, body: { message: `test endpoint failed: ${(error as Error).message}` } };
      }
      res.on('close', () => {
        if (reply === 'silent') request.closedByClient = true;
      });
      if (reply === 'hang-up') return void ('stream' in req ? req.stream.close(0x2) : req.socket.destroy());
      if (reply === 'silent')
        return void held.push(() => ('stream' in req ? req.stream.close() : req.socket.destroy()));
      const answerBody =
        reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
      (res as ServerResponse).writeHead(reply.status, {
        'content-type': 'application/json',
        'x-amzn-requestid': `req-${seen.length}`,
        ...reply.headers,
      });
      res.end(answerBody);
    });
  };
  const server = options.http2 ? createHttp2Server(handle) : createServer(handle);
  const sessions = new Set<{ destroy(): void }>();
  server.on('session', (session: { destroy(): void; once(event: 'close', listener: () => void): void }) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    seen,
    answer(next) {
      responder = next;
    },
    answerInTurn(...answers) {
      responder = (_request, index) => answers[Math.min(index, answers.length - 1)]!;
    },
    json(index = 0) {
      return JSON.parse(seen[index]!.body);
    },
    reset() {
      seen.length = 0;
    },
    async close() {
      for (const release of held) release();
      for (const session of sessions) session.destroy();
      if ('closeAllConnections' in server) server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Static fake keys: the SDK signs every request with them; the endpoint need not check. */
export const FAKE_CREDENTIALS = { accessKeyId: 'AKIDLOCALTEST', secretAccessKey: 'local-test-secret' } as const;

/**
 * What Lambda's environment gives every client (region, keys), and `AWS_ENDPOINT_URL_<SERVICE>`:
 * the SDK's own setting for a service's endpoint, so a client the production factory builds reaches
 * the local endpoint without any test-only option. Returns the undo.
 */
export function useEndpointEnv(endpoints: Record<string, string>, region = 'us-east-1'): () => void {
  const saved = { ...process.env };
  Object.assign(process.env, {
    AWS_REGION: region,
    AWS_ACCESS_KEY_ID: FAKE_CREDENTIALS.accessKeyId,
    AWS_SECRET_ACCESS_KEY: FAKE_CREDENTIALS.secretAccessKey,
  });
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  for (const [service, url] of Object.entries(endpoints)) process.env[`AWS_ENDPOINT_URL_${service}`] = url;
  return () => {
    for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
    Object.assign(process.env, saved);
  };
}

/** The SigV4 credential scope of a request: the key, region and service it was signed for. */
export function signedScope(
  request: Pick<SeenRequest, 'headers'>,
): { accessKeyId: string; region: string; service: string } | undefined {
  return scopeOf(request.headers);
}

function scopeOf(headers: IncomingHttpHeaders): { accessKeyId: string; region: string; service: string } | undefined {
  const match = /Credential=([^/]+)\/\d{8}\/([^/]+)\/([^/]+)\/aws4_request/.exec(String(headers.authorization ?? ''));
  return match ? { accessKeyId: match[1]!, region: match[2]!, service: match[3]! } : undefined;
}

/**
 * The operation of the protocols that name it (awsJson's target, awsQuery's Action); REST ones name it by method and
 * path.
 */
function operationOf(headers: IncomingHttpHeaders, body: string): string | undefined {
  const target = headers['x-amz-target'];
  if (typeof target === 'string') return target.split('.').pop();
  if (String(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
    return new URLSearchParams(body).get('Action') ?? undefined;
  return undefined;
}
