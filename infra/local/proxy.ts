import { request, type IncomingMessage, type ServerResponse } from 'node:http';

/** Forwards a request to `target` + the path after `prefix`, streaming both ways. */
export function proxyTo(target: () => string, prefix: string) {
  return (req: IncomingMessage, res: ServerResponse): Promise<void> =>
    new Promise((resolve) => {
      const url = new URL(target());
      const path = (req.url ?? '/').slice(prefix.length) || '/';
      const upstream = request(
        { hostname: url.hostname, port: url.port, method: req.method, path: path.startsWith('/') ? path : `/${path}`, headers: { ...req.headers, host: url.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', resolve);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Bad Gateway' }));
        resolve();
      });
      req.pipe(upstream);
    });
}
