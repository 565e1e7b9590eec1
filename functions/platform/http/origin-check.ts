import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { HttpError } from '../errors.js';

/** Must match infra/stack/origin-secret.ts (a test checks both). */
export const ORIGIN_HEADER = 'x-origin-verify';
export const ORIGIN_SECRET_ENV = 'ORIGIN_VERIFY_SECRET';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal-length digests, so the comparison takes the same time whatever the guess. */
function matches(candidate: string, accepted: readonly Buffer[]): boolean {
  const given = digest(candidate);
  let found = false;
  for (const value of accepted) found = timingSafeEqual(given, value) || found;
  return found;
}

/** CloudFront's header naming the viewer (`ip:port`), added to what it forwards (and never the viewer's own). */
export const VIEWER_ADDRESS_HEADER = 'cloudfront-viewer-address';

/** Requests that carried the origin secret: they came through CloudFront, so its headers are its own. */
const throughEdge = new WeakSet<object>();

/**
 * Who is asking, by network address, as every per-address allowance counts it (the embedded API's
 * anonymous throttle, the password-reset quota per address). Behind CloudFront the connecting
 * address is the edge's, shared by every viewer it serves: there the viewer is CloudFront's
 * `CloudFront-Viewer-Address`, believed only on a request that proved the origin secret, since
 * anyone can send that header to the execute-api endpoint or to the embedded stack. Elsewhere, and
 * when the header is missing or malformed, the connecting address.
 */
export function viewerAddressOf(request: {
  headers: Record<string, string | undefined>;
  sourceIp: string;
  throughEdge: boolean;
}): string {
  if (request.throughEdge) {
    const value = request.headers[VIEWER_ADDRESS_HEADER]?.trim() ?? '';
    // "198.51.100.7:46532" or "2001:db8::7:46532": the port follows the last colon.
    const address = value.slice(0, value.lastIndexOf(':')).replace(/^\[|\]$/g, '');
    if (isIP(address)) return address;
  }
  return request.sourceIp || 'unknown';
}

/** The viewer address of a Lambda request (see viewerAddressOf). */
export function viewerAddress(event: APIGatewayProxyEventV2): string {
  return viewerAddressOf({
    headers: event.headers ?? {},
    sourceIp: event.requestContext?.http?.sourceIp ?? '',
    throughEdge: throughEdge.has(event),
  });
}

/**
 * Refuses requests that reached the API's own execute-api endpoint without passing CloudFront (and
 * its web ACL): CloudFront adds a secret header to everything it forwards to `/api/*`. Enforced only
 * when the environment names the accepted values (the cloud stack sets them; the embedded runtime
 * has no CloudFront and does not). The header is removed once checked, so no handler or log sees it.
 */
export function originCheck(
  env: NodeJS.ProcessEnv = process.env,
): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2> {
  const configured = env[ORIGIN_SECRET_ENV];
  const accepted = (configured ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map(digest);
  return {
    before: async (request) => {
      if (configured === undefined) return;
      const headers = request.event.headers ?? {};
      const value = headers[ORIGIN_HEADER];
      delete headers[ORIGIN_HEADER];
      if (accepted.length === 0 || typeof value !== 'string' || !matches(value, accepted)) {
        throw new HttpError(
          403,
          'FORBIDDEN',
          'Use the site’s address: this endpoint only answers requests that come through it.',
        );
      }
      throughEdge.add(request.event);
    },
  };
}
