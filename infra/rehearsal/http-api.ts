import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';

/** A route of an AWS::ApiGatewayV2::Api (HTTP), as the template wires it. */
export interface TemplateRoute {
  logicalId: string;
  routeKey: string;
  functionId: string;
  integrationId: string;
  authorizer?: { logicalId: string; issuer: string; audience: string[] };
}

export interface RouteTrace {
  method: string;
  path: string;
  route?: string;
  functionId?: string;
  status: number;
  refusedBy?: string;
}

interface Compiled {
  route: TemplateRoute;
  method: string;
  pattern: RegExp;
  params: string[];
  greedy: boolean;
  specificity: number;
}

function compile(route: TemplateRoute): Compiled {
  const [method, path = ''] = route.routeKey === '$default' ? ['ANY', '/{proxy+}'] : route.routeKey.split(' ');
  const params: string[] = [];
  let greedy = false;
  const source = path
    .split('/')
    .map((segment) => {
      const match = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!match) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      params.push(match[1]!);
      if (match[2]) {
        greedy = true;
        return '(.+)';
      }
      return '([^/]+)';
    })
    .join('/');
  const staticSegments = path.split('/').filter((segment) => segment && !segment.startsWith('{')).length;
  return {
    route,
    method: method!,
    pattern: new RegExp(`^${source}/?$`),
    params,
    greedy,
    specificity: staticSegments * 10 - params.length - (greedy ? 100 : 0) - (method === 'ANY' ? 1 : 0),
  };
}

export type Invoke = (
  functionId: string,
  event: unknown,
) => Promise<{ ok: true; result: any } | { ok: false; errorType: string; errorMessage: string }>;

/**
 * The HTTP API as API Gateway runs the template's routes: the most specific route key wins, the
 * route's JWT authorizer checks signature, issuer, expiry and audience (ID token `aud`, access token
 * `client_id`) before any function runs, and the integration's function gets a payload 2.0 event.
 * `localIssuer` maps the template's issuer URL (https://cognito-idp.<region>.amazonaws.com/<pool id>)
 * to the local pool whose id the template's user pool resolved to: its tokens name the local issuer.
 */
export class TemplateHttpApi {
  private readonly compiled: Compiled[];
  private readonly keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
  readonly traces: RouteTrace[] = [];

  constructor(
    routes: TemplateRoute[],
    private readonly invoke: Invoke,
    /** The local pool standing in for the template's issuer URL (undefined: an issuer no pool here has). */
    private readonly localIssuer: (issuer: string) => { issuer: string; jwksUri: string } | undefined,
    private readonly onAuthorizerRefusal: (route: TemplateRoute, reason: string) => void,
  ) {
    this.compiled = routes.map(compile).sort((a, b) => b.specificity - a.specificity);
  }

  async handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://local');
    const method = (req.method ?? 'GET').toUpperCase();
    const trace: RouteTrace = { method, path: url.pathname, status: 0 };
    this.traces.push(trace);
    const match = this.compiled.find(
      (candidate) =>
        (candidate.method === method || candidate.method === 'ANY') && candidate.pattern.test(url.pathname),
    );
    if (!match) return send(res, trace, { statusCode: 404, body: JSON.stringify({ message: 'Not Found' }) });
    trace.route = `${match.route.routeKey} (${match.route.logicalId})`;
    let claims: Record<string, string> | undefined;
    if (match.route.authorizer) {
      const verdict = await this.verify(match.route.authorizer, req.headers.authorization);
      if ('refused' in verdict) {
        trace.refusedBy = `${match.route.authorizer.logicalId}: ${verdict.refused}`;
        this.onAuthorizerRefusal(match.route, verdict.refused);
        return send(res, trace, {
          statusCode: 401,
          headers: { 'www-authenticate': 'Bearer' },
          body: JSON.stringify({ message: 'Unauthorized' }),
        });
      }
      claims = verdict.claims;
    }
    const values = match.pattern.exec(url.pathname)!.slice(1);
    const pathParameters = Object.fromEntries(match.params.map((name, i) => [name, safeDecode(values[i]!)]));
    const event = toEvent(req, url, match.route.routeKey, pathParameters, body, claims);
    trace.functionId = match.route.functionId;
    const outcome = await this.invoke(match.route.functionId, event);
    if (!outcome.ok)
      return send(res, trace, { statusCode: 500, body: JSON.stringify({ message: 'Internal Server Error' }) });
    const result = normalise(outcome.result);
    send(res, trace, {
      ...result,
      headers: { ...(result.headers ?? {}), 'apigw-requestid': event.requestContext.requestId },
    });
  }

  private async verify(
    authorizer: NonNullable<TemplateRoute['authorizer']>,
    header: string | undefined,
  ): Promise<{ claims: Record<string, string> } | { refused: string }> {
    const token = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
    if (!token) return { refused: 'no bearer token' };
    const local = this.localIssuer(authorizer.issuer);
    if (!local) return { refused: `its issuer ${authorizer.issuer} is no user pool of the assembly` };
    let keys = this.keySets.get(local.jwksUri);
    if (!keys) this.keySets.set(local.jwksUri, (keys = createRemoteJWKSet(new URL(local.jwksUri))));
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, { issuer: local.issuer }));
    } catch (error) {
      return { refused: String((error as Error).message) };
    }
    const audience = payload.aud
      ? Array.isArray(payload.aud)
        ? payload.aud
        : [payload.aud]
      : [String(payload.client_id ?? '')];
    if (!audience.some((value) => authorizer.audience.includes(value))) {
      const expected = authorizer.audience.join(',');
      return { refused: `the token's audience ${audience.join(',')} is not the authorizer's (${expected})` };
    }
    return {
      claims: Object.fromEntries(
        Object.entries(payload).map(([key, value]) => [
          key,
          Array.isArray(value)
            ? `[${value.join(' ')}]`
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value),
        ]),
      ),
    };
  }
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** Payload 2.0's response rules: a string or object without statusCode is a 200 JSON body. */
function normalise(result: any): {
  statusCode?: number;
  headers?: Record<string, string>;
  body?: string;
  isBase64Encoded?: boolean;
  cookies?: string[];
} {
  if (result && typeof result === 'object' && 'statusCode' in result) return result;
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: typeof result === 'string' ? result : JSON.stringify(result),
  };
}

function toEvent(
  req: IncomingMessage,
  url: URL,
  routeKey: string,
  pathParameters: Record<string, string>,
  body: Buffer,
  claims?: Record<string, string>,
) {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers))
    if (value !== undefined && name !== 'cookie') headers[name] = Array.isArray(value) ? value.join(',') : value;
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const contentType = headers['content-type'] ?? '';
  const textual = body.length === 0 || /json|text|x-www-form-urlencoded/.test(contentType);
  const now = new Date();
  const cookies = req.headers.cookie?.split(/;\s*/);
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies ? { cookies } : {}),
    headers,
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: Object.keys(pathParameters).length ? pathParameters : undefined,
    body: body.length ? (textual ? body.toString('utf8') : body.toString('base64')) : undefined,
    isBase64Encoded: !textual,
    requestContext: {
      accountId: '123456789012',
      apiId: 'rehearsal',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'rehearsal',
      http: {
        method: req.method,
        path: url.pathname,
        protocol: 'HTTP/1.1',
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
      ...(claims ? { authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: null } } } : {}),
    },
  };
}

function send(
  res: ServerResponse,
  trace: RouteTrace,
  result: {
    statusCode?: number;
    headers?: Record<string, string>;
    body?: string;
    isBase64Encoded?: boolean;
    cookies?: string[];
  },
) {
  trace.status = result.statusCode ?? 200;
  const headers: Record<string, string | string[]> = { 'content-type': 'application/json', ...(result.headers ?? {}) };
  if (result.cookies?.length) headers['set-cookie'] = result.cookies;
  res.writeHead(trace.status, headers);
  res.end(result.body ? (result.isBase64Encoded ? Buffer.from(result.body, 'base64') : result.body) : undefined);
}
