import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { createHash, timingSafeEqual } from 'node:crypto';
import { HttpError } from '../core/errors.js';

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
  const accepted = (configured ?? '').split(',').map((value) => value.trim()).filter(Boolean).map(digest);
  return {
    before: async (request) => {
      if (configured === undefined) return;
      const headers = request.event.headers ?? {};
      const value = headers[ORIGIN_HEADER];
      delete headers[ORIGIN_HEADER];
      if (accepted.length === 0 || typeof value !== 'string' || !matches(value, accepted)) {
        throw new HttpError(403, 'FORBIDDEN', 'Use the site’s address: this endpoint only answers requests that come through it.');
      }
    },
  };
}
