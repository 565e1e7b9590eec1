import middy, { type MiddlewareObj } from '@middy/core';
import { isServerError, isThrottlingError, isTransientError } from '@smithy/core/retry';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from '../../../events/zod.js';
import type { RouteRule, RouteRules } from '#shared/route-access.js';
import { DomainError } from '../domain-errors.js';
import { principalFromEvent, type Principal, type PrincipalResolver } from './auth.js';
import { HttpError, SubjectErasedError } from '../errors.js';
import { idempotency } from '../event-store/idempotency.js';
import { log } from '../log.js';
import { originCheck } from './origin-check.js';
import { reading } from '../views/reader.js';
import { withRequestContext } from './request-context.js';
import { observed } from '../observability/middleware.js';

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;
export type HttpResponse = APIGatewayProxyStructuredResultV2;

export interface HttpRequest<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  principal: Principal | null;
  event: HttpEvent;
  correlationId: string;
}

export interface HttpResult {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const DOMAIN_STATUS: Record<DomainError['code'], number> = {
  INVALID: 400,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  GONE: 410,
  LIMIT_REACHED: 429,
};

/** What a caller reads when a command would write personal data of a person who was erased. */
const ERASED_MESSAGE = "This account's personal data was erased.";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return {
    statusCode: status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

export const errorBody = (code: string, message: string) => ({ error: { code, message } });

/** "title: Too small: expected string to have >=1 characters; ..." — one sentence a person can act on. */
export function describeZodError(error: z.core.$ZodError, where: string): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const path = issue.path.join('.');
    return path ? `${path}: ${issue.message}` : issue.message;
  });
  return `Invalid ${where}. ${parts.join('; ')}`;
}

function parseBody(event: HttpEvent, acceptForm = false): unknown {
  if (!event.body) return undefined;
  const text = event.isBase64Encoded ? Buffer.from(event.body, 'base64').toString('utf8') : event.body;
  if (!text.trim()) return undefined;
  // A route that takes forms (the one-click unsubscribe POST of RFC 8058: "List-Unsubscribe=One-Click").
  const type = Object.entries(event.headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
  if (acceptForm && /^application\/x-www-form-urlencoded\b/i.test(type))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'INVALID_JSON', 'The request body is not valid JSON.');
  }
}

function validate<T>(schema: z.core.$ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return value as T;
  const result = z.safeParse(schema, value);
  if (!result.success) throw new HttpError(400, 'INVALID_INPUT', describeZodError(result.error, where));
  return result.data;
}

type SdkError = Parameters<typeof isTransientError>[0];

/** Outages by name: our adapters' own (a payment provider's `ServiceUnavailable`) and timeouts. */
const OUTAGE_NAMES = new Set(['ServiceUnavailable', 'InternalServerError', 'TimeoutError']);

/**
 * Throttling or an outage of a service we call that outlived the SDK's retries (its attempts, or its
 * retry quota under many failures): worth a retry later. Classified as the SDK's own retry strategy
 * does (a dropped connection is ECONNRESET on `code`, with no HTTP status), plus `$retryable`.
 */
function isTransient(error: unknown): boolean {
  const candidate = error as SdkError;
  if (!candidate || typeof candidate !== 'object') return false;
  return (
    isThrottlingError(candidate) ||
    isTransientError(candidate) ||
    isServerError(candidate) ||
    !!candidate.$retryable ||
    OUTAGE_NAMES.has(candidate.name)
  );
}

/** Turns every failure into `{ error: { code, message } }`; nothing unexpected leaks as a stack. */
const errorResponses = (): MiddlewareObj<HttpEvent, HttpResponse> => ({
  onError: async (request) => {
    const error = request.error;
    if (error instanceof HttpError) {
      request.response = json(error.status, errorBody(error.code, error.message), error.headers);
    } else if (error instanceof DomainError) {
      request.response = json(DOMAIN_STATUS[error.code], errorBody(error.code, error.message));
    } else if (error instanceof SubjectErasedError) {
      // A command that would seal personal data under an erased person's destroyed key: gone, for good.
      request.response = json(410, errorBody('GONE', ERASED_MESSAGE));
    } else if (isTransient(error)) {
      log.warn('Transient failure', { name: (error as Error).name, routeKey: request.event?.routeKey });
      request.response = json(
        503,
        errorBody('UNAVAILABLE', 'The service is busy right now. Please try again in a moment.'),
        { 'retry-after': '2' },
      );
    } else {
      log.error('Unhandled error', {
        error:
          error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error),
        routeKey: request.event?.routeKey,
      });
      request.response = json(500, errorBody('INTERNAL', 'Something went wrong on our side. Please try again.'));
    }
  },
});

/** The access rules of a Lambda bundle's routes, from their JSON (infra/stack/bundling.ts, `lambdaDefine`). */
export function bundledRouteRules(json: string): RouteRules {
  const byKey = new Map(Object.entries(JSON.parse(json) as Record<string, RouteRule>));
  return (key) => (key ? byKey.get(key) : undefined);
}

/**
 * Set in a Lambda bundle only (`lambdaDefine`): whether the handler serves a POST route. Only POSTs
 * claim idempotency keys, so a bundle for other methods drops the claim middleware with its module;
 * elsewhere (the embedded runtime, tests) every handler has it.
 */
declare const __ROUTE_TAKES_POST__: boolean | undefined;

/** The caller of each request with the roles the read model gives it (the chain's `PrincipalResolver`). */
const resolvedPrincipals = new WeakMap<HttpEvent, Principal>();

/**
 * Enforces the route table's coarse rule (signed in, role); handlers check ownership themselves.
 * Roles are decided from the projections, not from the token's groups, and a revoked designer
 * session is refused here, on every route.
 */
const routeAccess = (
  resolvePrincipal: PrincipalResolver,
  routeRules: () => Promise<RouteRules>,
): MiddlewareObj<HttpEvent, HttpResponse> => ({
  before: async (request) => {
    const route = (await routeRules())(request.event.routeKey);
    if (!route) throw new HttpError(404, 'NOT_FOUND', 'No such route.');
    if (route.access === 'public') return;
    const token = principalFromEvent(request.event);
    if (!token) throw new HttpError(401, 'UNAUTHENTICATED', 'Not authenticated');
    const principal = await resolvePrincipal(token);
    resolvedPrincipals.set(request.event, principal);
    if (route.access !== 'any' && !route.access.some((role) => principal.groups.includes(role))) {
      throw new HttpError(403, 'FORBIDDEN', route.denied ?? 'You do not have permission to do this.');
    }
  },
});

export interface HttpChainOptions {
  /** Decides a signed-in caller's roles and refuses an ended session (the app's, from the users' read model). */
  resolvePrincipal: PrincipalResolver;
  /** The routes' access rules (the app's, from the route table: the platform does not read infra/). */
  routeRules: () => Promise<RouteRules>;
}

/**
 * The HTTP chain, given what it cannot know itself (who the caller is in the read model): returns
 * the `httpHandler` every route's module wraps its function in (functions/app/http.ts builds it).
 */
export function httpChain(options: HttpChainOptions) {
  return function httpHandler<
    B = undefined,
    Q = Record<string, string | undefined>,
    P = Record<string, string | undefined>,
  >(
    schemas: {
      body?: z.core.$ZodType<B>;
      query?: z.core.$ZodType<Q>;
      params?: z.core.$ZodType<P>;
      acceptForm?: boolean;
    },
    fn: (request: HttpRequest<B, Q, P>) => Promise<HttpResult>,
  ) {
    // A handler still running this close to the function's end is abandoned with a TimeoutError, which
    // answers 503 like any transient failure. Not middy's 5 ms: a busy event loop can fire the timer
    // late, and the answer must be out before Lambda stops the function (API Gateway would say 500).
    const chain = middy<HttpEvent, HttpResponse, Error, Context>({ timeoutEarlyInMillis: 200 })
      .use(observed<HttpEvent, HttpResponse>((event) => event.requestContext?.requestId ?? ''))
      .use(errorResponses())
      .use(originCheck())
      .use(routeAccess(options.resolvePrincipal, options.routeRules));
    // After the access check: a refused caller claims no key. Keys are scoped per signed-in caller.
    // Written out in the condition (not through a constant) so that esbuild drops the branch, and the
    // module with it, as it parses.
    if (typeof __ROUTE_TAKES_POST__ !== 'boolean' || __ROUTE_TAKES_POST__)
      chain.use(idempotency({ runtime: reading, caller: (event) => resolvedPrincipals.get(event)?.sub ?? null }));
    return chain.handler(async (event, _context, { signal }) => {
      const request: HttpRequest<B, Q, P> = {
        body: validate(schemas.body, parseBody(event, schemas.acceptForm), 'request body'),
        query: validate(schemas.query, event.queryStringParameters ?? {}, 'query'),
        params: validate(schemas.params, event.pathParameters ?? {}, 'path'),
        principal: resolvedPrincipals.get(event) ?? principalFromEvent(event),
        event,
        correlationId: event.requestContext?.requestId ?? '',
      };
      const result = await withRequestContext({ correlationId: request.correlationId, signal }, () => fn(request));
      return json(result.status ?? 200, result.body, result.headers);
    });
  };
}

/** For handlers whose route requires sign-in: the principal, never null. */
export function signedIn<B, Q, P>(request: HttpRequest<B, Q, P>): Principal {
  if (!request.principal) throw new HttpError(401, 'UNAUTHENTICATED', 'Not authenticated');
  return request.principal;
}
