/**
 * One local HTTP endpoint that answers the AWS SDK's real clients in each service's wire format, so
 * a test exercises what the SDK serializes and how it parses answers and errors. Every client of a
 * test is given this one endpoint; the service a request is for comes from its SigV4 signature's
 * credential scope (`…/<region>/<service>/aws4_request`), as a real endpoint knows it from its host.
 *
 * Protocols (shapes from each service's API reference):
 * - restJson1 (Lambda, SESv2, Bedrock, API Gateway): the operation is the method and path; errors
 *   carry their type in `x-amzn-errortype` and `{ "message" }` in the body.
 * - awsJson1_1 (SSM, Secrets Manager): POST /, the operation in `x-amz-target`; errors are
 *   `{ "__type", "message" }` with status 400.
 * - awsQuery (STS): a form body with `Action`; XML answers and `<ErrorResponse>` errors.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface WireRequest {
  /** The SigV4 signing name: sts, ssm, lambda, ses, bedrock, apigateway, secretsmanager, … */
  service: string;
  /** `x-amz-target`'s operation or the query `Action`; undefined for REST protocols (use method and path). */
  operation?: string;
  method: string;
  /** The decoded path, without the query string. */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface WireReply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export type WireHandler = (request: WireRequest) => WireReply;

export interface AwsWire {
  endpoint: string;
  /** Every request received, in order. */
  requests: WireRequest[];
  /** The credentials to give every client (the endpoint checks no signature). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  close(): Promise<void>;
}

function operationOf(headers: IncomingHttpHeaders, body: string): string | undefined {
  const target = headers['x-amz-target'];
  if (typeof target === 'string') return target.split('.').pop();
  if (String(headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')) return new URLSearchParams(body).get('Action') ?? undefined;
  return undefined;
}

/** Starts the endpoint on a random local port; `handler` answers each request. */
export async function startAwsWire(handler: WireHandler): Promise<AwsWire> {
  const requests: WireRequest[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const scope = /Credential=[^/]+\/\d{8}\/[^/]+\/([^/]+)\/aws4_request/.exec(String(req.headers.authorization ?? ''));
      const service = scope?.[1] ?? '';
      const url = new URL(req.url ?? '/', 'http://local');
      const request: WireRequest = { service, operation: operationOf(req.headers, body), method: req.method ?? '', path: decodeURIComponent(url.pathname), headers: req.headers, body };
      requests.push(request);
      let reply: WireReply;
      try {
        reply = handler(request);
      } catch (error) {
        reply = { status: 500, body: `test endpoint failed: ${(error as Error).message}` };
      }
      res.writeHead(reply.status, { 'x-amzn-requestid': `req-${requests.length}`, ...reply.headers });
      res.end(reply.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    credentials: { accessKeyId: 'AKIDLOCALWIRE', secretAccessKey: 'local-wire-secret' },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** restJson1: a JSON body. */
export const restJson = (body: unknown, status = 200): WireReply => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** restJson1: an error of `type`. */
export const restJsonError = (status: number, type: string, message: string): WireReply => ({
  status,
  headers: { 'content-type': 'application/json', 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazonaws.local/` },
  body: JSON.stringify({ message }),
});

/** awsJson1_1: a JSON body. */
export const awsJson = (body: unknown): WireReply => ({ status: 200, headers: { 'content-type': 'application/x-amz-json-1.1' }, body: JSON.stringify(body) });

/** awsJson1_1: an error of `type` (status 400, as these services answer client errors). */
export const awsJsonError = (type: string, message: string, status = 400): WireReply => ({
  status,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: JSON.stringify({ __type: type, message }),
});

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** awsQuery: `<{Op}Response><{Op}Result>…</{Op}Result></{Op}Response>`; `fields` become elements of the result. */
export function awsQuery(operation: string, xmlns: string, fields: Record<string, string>): WireReply {
  const result = Object.entries(fields).map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`).join('');
  return {
    status: 200,
    headers: { 'content-type': 'text/xml' },
    body: `<${operation}Response xmlns="${xmlns}"><${operation}Result>${result}</${operation}Result><ResponseMetadata><RequestId>local-1</RequestId></ResponseMetadata></${operation}Response>`,
  };
}

/** awsQuery: `<ErrorResponse>` with a code. */
export const awsQueryError = (status: number, xmlns: string, code: string, message: string): WireReply => ({
  status,
  headers: { 'content-type': 'text/xml' },
  body: `<ErrorResponse xmlns="${xmlns}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error><RequestId>local-1</RequestId></ErrorResponse>`,
});
