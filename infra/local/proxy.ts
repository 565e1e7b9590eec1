import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLarge, readBody, refuseTooLarge } from './limits.js';
import { relayAnswer, requestUpstream } from './upstream.js';

/**
 * Forwards Cognito's user API from the public port to the shim: `POST /cognito` (the JSON API),
 * CORS preflights, and the pool's well-known documents (issuer, JWKS). Nothing else below the prefix
 * is forwarded, the shim's admin path among it. Bodies are read up to `maxBody` first.
 */
export function proxyTo(target: () => string, prefix: string, maxBody: number) {
  const refuse = (res: ServerResponse, status: number, type: string, message: string) => {
    const body = JSON.stringify({ __type: type, message });
    res
      .writeHead(status, {
        'content-type': 'application/x-amz-json-1.1',
        'x-amzn-errortype': type,
        'content-length': Buffer.byteLength(body),
      })
      .end(body);
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').slice(prefix.length) || '/';
    const pathname = path.split('?')[0]!;
    const method = (req.method ?? 'GET').toUpperCase();
    const allowed =
      ((method === 'POST' || method === 'OPTIONS') && (pathname === '/' || pathname === '')) ||
      (method === 'GET' && /^\/[\w-]+\/\.well-known\/(jwks\.json|openid-configuration)$/.test(pathname));
    if (!allowed) return refuse(res, 404, 'UnknownOperationException', 'Unknown operation');
    let body: Buffer;
    try {
      body = await readBody(req, maxBody);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return refuseTooLarge(
          req,
          res,
          JSON.stringify({ __type: 'SerializationException', message: 'Request body too large' }),
          'application/x-amz-json-1.1',
        );
      throw error;
    }
    const url = new URL(target());
    const headers = { ...req.headers, host: url.host, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    delete headers.connection;
    let answer: IncomingMessage;
    try {
      answer = await requestUpstream(
        { hostname: url.hostname, port: url.port, method, path: path.startsWith('/') ? path : `/${path}`, headers },
        body,
      );
    } catch {
      return refuse(res, 502, 'InternalErrorException', 'Bad Gateway');
    }
    await relayAnswer(answer, res, answer.headers);
  };
}
