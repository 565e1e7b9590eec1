import { randomBytes, timingSafeEqual } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { viewOf, type OpsAdminAddress } from '../redrive/local-source.js';
import type { LocalBus } from './bus.js';

/** The file in the data folder that tells `npm run redrive` where the running stack's admin port is. */
export const OPS_ADMIN_FILE = 'ops-admin.json';

const MAX_BODY = 16 * 1024;

/**
 * The operator's port of the embedded runtime: a separate server on 127.0.0.1 only (never the public
 * port), answering only requests that carry the random token written, readable by this user alone,
 * to `<data>/ops-admin.json`. A browser page cannot read that file, so it cannot forge a redrive;
 * a JSON content type is required for changes, which keeps simple cross-site form posts out too.
 *   GET  /dead-letters            → { letters: DeadLetterView[] }
 *   POST /dead-letters/redeliver  { id } → { outcome }
 */
export async function startOpsAdmin(
  bus: LocalBus,
  dataDir?: string,
): Promise<OpsAdminAddress & { stop(): Promise<void> }> {
  const token = randomBytes(24).toString('base64url');
  const expected = Buffer.from(token);
  const server = createServer((req, res) => {
    handle(req, res).catch((error) =>
      send(res, 500, { error: { code: 'internal', message: String((error as Error)?.message ?? error) } }),
    );
  });
  // No request may stop the process: socket errors end that connection only.
  server.on('clientError', (_error, socket) => socket.destroy());

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const given = Buffer.from(String(req.headers['x-ops-token'] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return send(res, 401, {
        error: { code: 'unauthorized', message: `The x-ops-token header must be the token in ${OPS_ADMIN_FILE}.` },
      });
    }
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/dead-letters')
      return send(res, 200, { letters: bus.deadLetters.map(viewOf) });
    if (req.method === 'POST' && path === '/dead-letters/redeliver') {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        return send(res, 415, {
          error: { code: 'unsupported_media_type', message: 'Send a JSON body: { "id": "<dead letter id>" }.' },
        });
      }
      const body = await readJson(req);
      const id = body && typeof body === 'object' ? (body as { id?: unknown }).id : undefined;
      if (typeof id !== 'string' || id.length === 0 || id.length > 100) {
        return send(res, 400, {
          error: {
            code: 'invalid_request',
            message: 'Send { "id": "<dead letter id>" } with an id from GET /dead-letters.',
          },
        });
      }
      if (!bus.deadLetterStore.get(id))
        return send(res, 404, {
          error: { code: 'not_found', message: `No dead letter ${id} (already redelivered?).` },
        });
      const outcome = await bus.redeliver(id);
      return send(res, 200, { outcome: outcome.ok ? { ok: true } : { ok: false, error: outcome.error } });
    }
    return send(res, 404, {
      error: { code: 'not_found', message: 'GET /dead-letters or POST /dead-letters/redeliver.' },
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const file = dataDir ? join(dataDir, OPS_ADMIN_FILE) : undefined;
  if (file) await writeFile(file, JSON.stringify({ url, token }), { mode: 0o600 });
  return {
    url,
    token,
    async stop() {
      if (file) await rm(file, { force: true });
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

function send(res: ServerResponse, status: number, body: unknown) {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) return undefined;
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    return undefined;
  }
}
