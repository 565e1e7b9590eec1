import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { routeKey, routes, type RouteDefinition } from '../routes.js';
import type { ApiThrottle } from './api-throttle.js';
import { BODY_LIMITS, BodyTooLarge, readBody, refuseTooLarge } from './limits.js';
import { viewerAddressOf } from '../../functions/platform/http/origin-check.js';

type Handler = (
  event: APIGatewayProxyEventV2WithJWTAuthorizer,
  context: unknown,
) => Promise<APIGatewayProxyStructuredResultV2>;

interface CompiledRoute {
  route: RouteDefinition;
  pattern: RegExp;
  params: string[];
  /** Static segments first, as API Gateway prefers the most specific match. */
  specificity: number;
}

function compile(route: RouteDefinition): CompiledRoute {
  const params: string[] = [];
  const source = route.path
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)\}$/.exec(segment);
      if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(match[1]!);
      return '([^/]+)';
    })
    .join('/');
  return { route, pattern: new RegExp(`^${source}/?$`), params, specificity: -params.length };
}

export interface JwtCheck {
  issuer: string;
  jwksUri: string;
  clientId: string;
}

/**
 * The HTTP API as API Gateway runs it: match the route, check the JWT like the Cognito authorizer
 * (signature, issuer, expiry, audience or client_id), apply the throttling (per signed-in user, or
 * per anonymous address: see ApiThrottle), build a payload 2.0 event and call the handler.
 */
export class LocalHttpApi {
  private readonly compiled = routes.map(compile).sort((a, b) => b.specificity - a.specificity);
  private jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  constructor(
    private readonly loadHandler: (route: RouteDefinition) => Promise<Handler>,
    private readonly jwt: () => JwtCheck,
    private readonly throttle?: ApiThrottle,
  ) {}

  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const candidates = this.compiled.filter((c) => c.pattern.test(url.pathname));
    const match = candidates.find((c) => c.route.method === method);
    if (!match) {
      // API Gateway answers an unknown route (or method) with 404 Not Found.
      return send(res, {
        statusCode: 404,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Not Found' }),
      });
    }
    let body: Buffer;
    try {
      body = await readBody(req, BODY_LIMITS.api);
    } catch (error) {
      if (error instanceof BodyTooLarge)
        return refuseTooLarge(req, res, JSON.stringify({ message: 'Request Entity Too Large' }));
      throw error;
    }
    // Authenticated first, so that the throttle counts a signed-in caller's requests as theirs and
    // a stranger's (no valid token) against their own address, never against anyone else.
    const claims = match.route.access !== 'public' ? await this.verify(req.headers.authorization) : undefined;
    const caller = claims?.sub
      ? { user: claims.sub }
      : { address: viewerAddressOf({ headers: {}, sourceIp: req.socket.remoteAddress ?? '', throughEdge: false }) };
    if (this.throttle && !this.throttle.allows(match.route, caller)) {
      // API Gateway's answer when a stage or route limit is reached.
      return send(res, {
        statusCode: 429,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Too Many Requests' }),
      });
    }
    if (match.route.access !== 'public' && !claims) {
      return send(res, {
        statusCode: 401,
        headers: { 'content-type': 'application/json', 'www-authenticate': 'Bearer' },
        body: JSON.stringify({ message: 'Unauthorized' }),
      });
    }
    const values = match.pattern.exec(url.pathname)!.slice(1);
    const pathParameters: Record<string, string> = {};
    match.params.forEach((name, i) => {
      try {
        pathParameters[name] = decodeURIComponent(values[i]!);
      } catch {
        pathParameters[name] = values[i]!;
      }
    });
    const event = toEvent(req, url, match.route, pathParameters, body, claims);
    const handler = await this.loadHandler(match.route);
    let result: APIGatewayProxyStructuredResultV2;
    try {
      result = await handler(event, {
        awsRequestId: event.requestContext.requestId,
        functionName: match.route.handler,
      });
    } catch (error) {
      // A Lambda that throws reaches the caller as API Gateway's 500.
      console.error(`[api] ${routeKey(match.route)} threw`, error);
      result = {
        statusCode: 500,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ message: 'Internal Server Error' }),
      };
    }
    // API Gateway names the request in this header; commits carry the same id as correlation id.
    send(res, { ...result, headers: { ...(result.headers ?? {}), 'apigw-requestid': event.requestContext.requestId } });
  }

  private async verify(authorization: string | undefined): Promise<Record<string, string> | undefined> {
    const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return undefined;
    const check = this.jwt();
    this.jwks ??= createRemoteJWKSet(new URL(check.jwksUri));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.jwks, { issuer: check.issuer, algorithms: ['RS256'] }));
    } catch {
      return undefined;
    }
    const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud ?? payload.client_id];
    if (!audience.includes(check.clientId)) return undefined;
    // API Gateway hands claims to the Lambda as strings, arrays as "[a b]".
    return Object.fromEntries(
      Object.entries(payload).map(([key, value]) => [
        key,
        Array.isArray(value)
          ? `[${value.join(' ')}]`
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value),
      ]),
    );
  }
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  route: RouteDefinition,
  pathParameters: Record<string, string>,
  body: Buffer,
  claims?: Record<string, string>,
): APIGatewayProxyEventV2WithJWTAuthorizer {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(',') : value;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const textual = body.length === 0 || /json|text|x-www-form-urlencoded/.test(contentType);
  const now = new Date();
  return {
    version: '2.0',
    routeKey: routeKey(route),
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !textual,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: route.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: routeKey(route),
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      authorizer: { principalId: claims?.sub ?? '', integrationLatency: 0, jwt: { claims: claims ?? {}, scopes: [] } },
    },
  } as APIGatewayProxyEventV2WithJWTAuthorizer;
}

function send(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const headers: Record<string, string | number | boolean> = { ...(result.headers ?? {}) };
  res.writeHead(result.statusCode ?? 200, headers as Record<string, string>);
  if (result.body) res.end(result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body);
  else res.end();
}
