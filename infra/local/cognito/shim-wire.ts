import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { decodeJwt } from 'jose';

/** Cognito's body limit for the shim's side of its JSON protocol (errors, bodies, answers, CORS below). */
const MAX_BODY = 1024 * 1024;

export const CORS = {
  'access-control-allow-origin': '*',
  'access-control-expose-headers': 'x-amzn-requestid, x-amzn-errortype, x-amzn-errormessage, date',
};

export class CognitoError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** cognito-local's own errors (thrown by its services, which the shim calls directly) carry the type as `code`. */
export function isCognitoLocalError(err: unknown): err is Error & { code: string } {
  const code = (err as { code?: unknown } | null)?.code;
  return err instanceof Error && typeof code === 'string' && code.endsWith('Exception');
}

/** Adds the ExpiresIn and TokenType that Cognito's AuthenticationResult has and cognito-local's lacks. */
export function withTokenShape(answer: Record<string, any>): Record<string, any> {
  const result = answer.AuthenticationResult;
  if (!result?.AccessToken) return answer;
  const { exp = 0, iat = 0 } = decodeJwt(result.AccessToken);
  return { ...answer, AuthenticationResult: { ...result, ExpiresIn: exp - iat, TokenType: 'Bearer' } };
}

/** cognito-local's error as Cognito's: its own 500s (unsupported, or a crash on odd input) become a 400. */
export function upstreamError({ status, body }: { status: number; body: Record<string, any> }): CognitoError {
  const type =
    typeof body.__type === 'string' && body.__type.endsWith('Exception') ? body.__type : 'InvalidParameterException';
  const message =
    typeof body.message === 'string' && status < 500 ? body.message : 'The request could not be processed.';
  return new CognitoError(type, message, status >= 500 ? 400 : status);
}

/** A JSON answer of cognito-local's (an empty object when it is empty or not JSON). */
export function parseAnswer(text: string): Record<string, any> {
  try {
    const parsed = text ? JSON.parse(text) : {};
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

export function createQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>): Promise<T> => {
    const run = tail.then(task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export function relayedHeaders(res: IncomingMessage): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (!name.startsWith('access-control-') && name !== 'connection' && name !== 'keep-alive') headers[name] = value;
  }
  return headers;
}

export async function readBody(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > MAX_BODY) throw new CognitoError('SerializationException', 'Request body too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}) {
  const payload = JSON.stringify(body);
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, {
    'content-type': 'application/x-amz-json-1.1',
    'content-length': Buffer.byteLength(payload),
    'x-amzn-requestid': randomUUID(),
    ...CORS,
    ...headers,
  });
  res.end(payload);
}

export function sendError(res: ServerResponse, status: number, type: string, message: string) {
  sendJson(res, status, { __type: type, message }, { 'x-amzn-errortype': type });
}
