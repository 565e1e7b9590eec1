import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Serves the built SPA like the site bucket behind CloudFront: files, else index.html (SPA fallback). */
export function staticSite(root: string, headers: Record<string, string>) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname);
    const file = normalize(join(root, path));
    if (!file.startsWith(root + sep) && file !== root) {
      res.writeHead(400).end();
      return;
    }
    let target = file;
    let info = await stat(target).catch(() => null);
    if (!info?.isFile()) {
      target = join(root, 'index.html');
      info = await stat(target).catch(() => null);
      if (!info) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('The web app is not built yet: run `npm run build:web`.');
        return;
      }
    }
    const immutable = target.includes(`${sep}assets${sep}`);
    res.writeHead(200, {
      ...headers,
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'content-length': info.size,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    if (req.method === 'HEAD') res.end();
    else createReadStream(target).pipe(res);
  };
}
