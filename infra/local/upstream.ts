import http, {
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type RequestOptions,
  type ServerResponse,
} from 'node:http';
import type { Readable } from 'node:stream';

/**
 * One request from a part of the embedded stack to the server behind it (the `/cognito` forward to
 * the shim, the shim to cognito-local, the S3 gate to s3rver), over a kept-alive agent: answers the
 * response. A socket the server closed as the request went out on it (ECONNRESET on a reused socket)
 * gets the request once more on a new one, as Node's documentation of `request.reusedSocket` does;
 * any other failure rejects. Only a body held whole can be sent again.
 */
export function requestUpstream(options: RequestOptions, body: Buffer | Readable): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const attempt = (retried: boolean) => {
      const request = http.request(options, resolve);
      request.on('error', (err: NodeJS.ErrnoException) => {
        if (!retried && request.reusedSocket && err.code === 'ECONNRESET' && Buffer.isBuffer(body)) attempt(true);
        else reject(err);
      });
      if (Buffer.isBuffer(body)) request.end(body);
      else body.pipe(request);
    };
    attempt(false);
  });
}

/** Sends `answer` on as the response, with `headers`; settles when it has (a broken answer ends the response). */
export function relayAnswer(answer: IncomingMessage, res: ServerResponse, headers: OutgoingHttpHeaders): Promise<void> {
  res.writeHead(answer.statusCode ?? 502, headers);
  return new Promise<void>((resolve) => {
    answer.pipe(res);
    answer.on('end', resolve);
    answer.on('error', () => {
      res.destroy();
      resolve();
    });
  });
}
