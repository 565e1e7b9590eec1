import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * Lets `server` (dynalite, s3rver: emulators that check no credentials and answer CORS preflights
 * from any origin) answer only requests below `/<secret>`, stripping that prefix before its own
 * handler sees them; everything else gets `refuse`. The check runs inside the emulator's own server,
 * so it costs no extra hop. Clients put the prefix in their endpoint (SDK clients keep an endpoint's
 * path), e.g. `http://127.0.0.1:4567/<secret>`.
 */
export function guardWithSecretPath(server: Server, secret: string, refuse: (res: ServerResponse) => void): void {
  const prefix = `/${secret}`;
  const handlers = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    if (url !== prefix && !url.startsWith(`${prefix}/`) && !url.startsWith(`${prefix}?`)) return refuse(res);
    req.url = url.slice(prefix.length) || '/';
    for (const handler of handlers) handler.call(server, req, res);
  });
}
