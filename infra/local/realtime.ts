import { randomBytes } from 'node:crypto';
import { STATUS_CODES, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import { recordCall } from '../../functions/platform/observability/call-count.js';
import { SESSION_ENDED_CLOSE_CODE, type ConnectionPoster } from '../../functions/platform/realtime/poster.js';
import { realtimeRoutes } from '../routes.js';

type RouteHandler = (event: unknown) => Promise<{ statusCode?: number; body?: unknown } | undefined>;

/** API Gateway's WebSocket frame limit is 32 KB; a larger frame closes that connection with 1009. */
const MAX_FRAME_BYTES = 32 * 1024;
/** A peer that answers no ping within this long is gone (a half-open TCP connection): end it. */
const HEARTBEAT_MS = 30_000;

/**
 * The WebSocket API on the embedded server, at /realtime: an upgrade runs the same `$connect`
 * handler API Gateway would (a refused token refuses the upgrade), messages run `$default`, a close
 * runs `$disconnect`; the projections consumer posts through `poster`, right after its commit, as it
 * would through the management API.
 */
export async function attachRealtime(server: Server, repoRoot: string, options: { heartbeatMs?: number } = {}) {
  const handlers = new Map<string, RouteHandler>();
  for (const route of realtimeRoutes) {
    const module = (await import(pathToFileURL(join(repoRoot, route.handler)).href)) as { handler: RouteHandler };
    handlers.set(route.route, module.handler);
  }
  const sockets = new Map<string, WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const alive = new WeakSet<WebSocket>();
  const heartbeat = setInterval(() => {
    for (const ws of sockets.values()) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  const call = (route: string, connectionId: string, extra: Record<string, unknown> = {}) =>
    handlers.get(route)!({
      requestContext: {
        connectionId,
        routeKey: route,
        eventType: route === '$connect' ? 'CONNECT' : route === '$disconnect' ? 'DISCONNECT' : 'MESSAGE',
      },
      ...extra,
    });

  const onUpgrade = async (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // A reset or broken socket is this connection's problem only, before and after the upgrade.
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== '/realtime') return socket.destroy();
    const connectionId = randomBytes(12).toString('base64url');
    try {
      const result = await call('$connect', connectionId, {
        queryStringParameters: Object.fromEntries(url.searchParams),
      });
      const status = result?.statusCode ?? 200;
      if (status !== 200) {
        // API Gateway refuses the handshake with the status `$connect` answered (401, or 429 past the cap).
        const body = typeof result?.body === 'string' ? result.body : '';
        socket.end(
          `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Refused'}\r\ncontent-type: text/plain; ` +
            `charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
        return;
      }
    } catch {
      socket.end('HTTP/1.1 500 Internal Server Error\r\ncontent-length: 0\r\nconnection: close\r\n\r\n');
      return;
    }
    if (socket.destroyed) return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.set(connectionId, ws);
      alive.add(ws);
      ws.on('pong', () => alive.add(ws));
      // ws has already started closing this connection (1009 for an oversized frame, 1002 for a
      // protocol error) when it reports the error; unheard, the error would stop the whole process.
      ws.on('error', () => undefined);
      ws.on('message', (data) => void call('$default', connectionId, { body: data.toString() }).catch(() => undefined));
      ws.on('close', () => {
        sockets.delete(connectionId);
        void call('$disconnect', connectionId).catch(() => undefined);
      });
    });
  };
  server.on('upgrade', (req, socket, head) => void onUpgrade(req, socket, head));

  const poster: ConnectionPoster = {
    async post(connectionId, message) {
      // API Gateway's PostToConnection in the cloud: counted as one (bench/calls-per-change.ts).
      recordCall('ApiGatewayManagementApi', 'PostToConnection');
      const ws = sockets.get(connectionId);
      if (!ws || ws.readyState !== ws.OPEN) return 'gone';
      await new Promise<void>((resolve, reject) => ws.send(message, (error) => (error ? reject(error) : resolve())));
      return 'sent';
    },
    async close(connectionId) {
      sockets.get(connectionId)?.close(SESSION_ENDED_CLOSE_CODE, 'Session ended');
    },
  };
  return {
    poster,
    close() {
      clearInterval(heartbeat);
      for (const ws of sockets.values()) ws.terminate();
      wss.close();
    },
  };
}
