import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
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

const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.webmanifest']);

/** Compressed copies of text files, made once per file version (CloudFront compresses in the cloud). */
const compressed = new Map<string, { mtimeMs: number; br: Buffer; gzip: Buffer }>();
async function compressedCopy(file: string, mtimeMs: number) {
  const cached = compressed.get(file);
  if (cached?.mtimeMs === mtimeMs) return cached;
  const body = await readFile(file);
  const fresh = {
    mtimeMs,
    br: brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip: gzipSync(body, { level: 9 }),
  };
  compressed.set(file, fresh);
  return fresh;
}

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
        res
          .writeHead(503, { 'content-type': 'text/plain' })
          .end('The web app is not built yet: run `npm run build:web`.');
        return;
      }
    }
    const immutable = target.includes(`${sep}assets${sep}`);
    const common = {
      ...headers,
      'content-type': TYPES[extname(target)] ?? 'application/octet-stream',
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      vary: 'accept-encoding',
    };
    const accepts = String(req.headers['accept-encoding'] ?? '');
    const encoding = COMPRESSIBLE.has(extname(target))
      ? /\bbr\b/.test(accepts)
        ? 'br'
        : /\bgzip\b/.test(accepts)
          ? 'gzip'
          : null
      : null;
    if (encoding) {
      const body = (await compressedCopy(target, info.mtimeMs))[encoding];
      res.writeHead(200, { ...common, 'content-encoding': encoding, 'content-length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }
    res.writeHead(200, { ...common, 'content-length': info.size });
    if (req.method === 'HEAD') res.end();
    else createReadStream(target).pipe(res);
  };
}

export interface RuntimeConfigSource {
  /** The stack's public URL (origin only): `http://localhost:<port>` unless PUBLIC_URL says otherwise. */
  url: string;
  port: number;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
}

/**
 * The SPA's /config.json, from configuration: the Cognito endpoint and the realtime URL are the
 * stack's own origin, never what a request's `Host` says (a forged Host would otherwise send a
 * browser's sign-in to another server, through any cache in between). The Host only chooses among
 * the origins the stack answers on: its public URL, and the loopback names of its port (a browser
 * on http://127.0.0.1:3000 needs its config on that origin, which its CSP's 'self' allows).
 */
export function runtimeConfig(source: RuntimeConfigSource) {
  const origins = new Set([
    source.url,
    ...['localhost', '127.0.0.1', '[::1]'].map((name) => `http://${name}:${source.port}`),
  ]);
  return (req: IncomingMessage, res: ServerResponse): void => {
    const asked = `http://${String(req.headers.host ?? '').toLowerCase()}`;
    const origin = origins.has(asked) ? asked : source.url;
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(
      JSON.stringify({
        region: source.region,
        userPoolId: source.userPoolId,
        userPoolClientId: source.userPoolClientId,
        userPoolEndpoint: `${origin}/cognito`,
        apiUrl: '/api',
        realtimeUrl: `${origin.replace(/^http/, 'ws')}/realtime`,
        stage: 'local',
      }),
    );
  };
}
