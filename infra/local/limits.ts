import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { MAX_FILE_BYTES } from '../../shared/uploads.js';

/** The most a request body may carry, per kind of route (what each needs, and no more). */
export const BODY_LIMITS = {
  /** API Gateway's payload limit for HTTP APIs. */
  api: 10 * 1024 * 1024,
  /** Cognito's user API: small JSON documents. */
  cognito: 64 * 1024,
  /** The local checkout page's forms. */
  billing: 16 * 1024,
  /** A presigned POST: the largest file allowed plus the form's fields. */
  upload: MAX_FILE_BYTES + 64 * 1024,
  /** Everything else (the SPA, the outbox, downloads) takes no body. */
  none: 0,
} as const;

/** How long a client may take: slow clients hold a socket for this long at most, never the process. */
export const TIMEOUTS = {
  /** To send the request line and headers. */
  headersMs: 10_000,
  /** To send the whole request (a 50 MB upload on a slow line included). */
  requestMs: 120_000,
  /** An idle kept-alive connection. */
  keepAliveMs: 5_000,
};

export function applyTimeouts(server: Server): void {
  server.headersTimeout = TIMEOUTS.headersMs;
  server.requestTimeout = TIMEOUTS.requestMs;
  server.keepAliveTimeout = TIMEOUTS.keepAliveMs;
  // An idle socket (no bytes either way) is closed even mid-request.
  server.setTimeout(TIMEOUTS.requestMs);
}

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`The request body is larger than ${limit} bytes.`);
  }
}

/**
 * The request's body, or BodyTooLarge as soon as it exceeds `limit` (by its declared length, before
 * reading anything, or while reading a body of undeclared length).
 */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw new BodyTooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge(limit);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Answers 413 and closes the connection once the answer is out: the rest of an oversized body is
 * never read (reading it would let a client hold the server for as long as it keeps sending).
 */
export function refuseTooLarge(
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
  contentType = 'application/json',
): void {
  if (res.headersSent) return void req.socket.destroy();
  res.shouldKeepAlive = false;
  res.writeHead(413, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), connection: 'close' });
  // Read on (and discard) for a moment so the client sees the answer rather than a reset, then close.
  req.resume();
  res.end(body, () => setTimeout(() => req.socket.destroy(), 1_000).unref());
}
