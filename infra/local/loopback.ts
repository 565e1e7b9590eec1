import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

/** 127.0.0.0/8, ::1, and IPv4 loopback mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return v4.startsWith('127.');
  return address === '::1';
}

/** A Host header naming this machine (`localhost`, `127.x.x.x`, `[::1]`, any port). */
export function isLoopbackHost(hostHeader: string | undefined): boolean {
  const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    (isIP(host) === 4 && host.startsWith('127.'))
  );
}

/**
 * The outbox holds every e-mail (invitation tokens, reset links): it answers a connection from this
 * machine only, judged by the socket's peer address, which a client cannot choose (a header it can).
 * The Host header must name this machine too, so a web page that rebinds its own domain to
 * 127.0.0.1 cannot read it from the user's browser. When the server was opened to the network
 * (HOST=0.0.0.0), the data folder's secret is asked for as well (`x-local-secret` header or `?secret=`).
 */
export function outboxAllowed(req: IncomingMessage, server: { host: string; secret: string }): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress) || !isLoopbackHost(req.headers.host)) return false;
  if (isLoopbackAddress(server.host) || server.host === 'localhost') return true;
  const given = String(
    req.headers['x-local-secret'] ?? new URL(req.url ?? '/', 'http://local').searchParams.get('secret') ?? '',
  );
  const a = Buffer.from(given);
  const b = Buffer.from(server.secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
