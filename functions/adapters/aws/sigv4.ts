import { createHash, createHmac } from 'node:crypto';
import type { Credentials } from './credentials.js';

export interface SignableRequest {
  method: string;
  hostname: string;
  path: string;
  /** Header names in lower case; all of them are signed. */
  headers: Record<string, string>;
  body: string;
  /** The query string's parameters (not encoded). */
  query?: Record<string, string>;
  /** S3 signs the path as sent; every other service normalises and encodes it once more. */
  s3?: boolean;
}

const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/** `20261122T161500Z` and `20261122`. */
function stamps(date: Date): { amzDate: string; day: string } {
  const amzDate = date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  return { amzDate, day: amzDate.slice(0, 8) };
}

const signingKeys = new Map<string, Buffer>();

/** The derived key changes once a day per secret, region and service: keep the few in use. */
function signingKey(secret: string, day: string, region: string, service: string): Buffer {
  const id = `${secret}\u0000${day}\u0000${region}\u0000${service}`;
  let key = signingKeys.get(id);
  if (!key) {
    key = hmac(hmac(hmac(hmac(`AWS4${secret}`, day), region), service), 'aws4_request');
    if (signingKeys.size > 16) signingKeys.clear();
    signingKeys.set(id, key);
  }
  return key;
}

/** encodeURIComponent, plus the characters it leaves that RFC 3986 reserves: what AWS expects. */
export const escapeUri = (text: string) => encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** Every service but S3 signs the path normalised and encoded once more (segments of the wire path). */
function canonicalPath(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  const normalized = `${path.startsWith('/') ? '/' : ''}${segments.join('/')}${segments.length > 0 && path.endsWith('/') ? '/' : ''}`;
  return escapeUri(normalized).replace(/%2F/g, '/');
}

/**
 * Signature Version 4 in the Authorization header: returns the headers to send, the given ones plus
 * host, x-amz-date, the session token and Authorization. `path` is the path as sent (its labels
 * already encoded once).
 * tests/unit/sigv4.test.ts checks it byte for byte against the SDK's own signer.
 */
export function signRequest(request: SignableRequest, credentials: Credentials, region: string, service: string, now = new Date()): Record<string, string> {
  const { amzDate, day } = stamps(now);
  const headers: Record<string, string> = { ...request.headers, host: request.hostname, 'x-amz-date': amzDate };
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
  // S3 names the payload's hash in a header (or UNSIGNED-PAYLOAD), and signs that.
  const payloadHash = headers['x-amz-content-sha256'] ?? sha256Hex(request.body);
  const { signature, scope, signedHeaders } = sign(request, headers, payloadHash, credentials, region, service, amzDate, day);
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}

/**
 * A presigned URL (the signature in the query string, the payload unsigned): anyone holding it may
 * make this one request until it expires. Parameters come out sorted, as the SDK's presigner writes them.
 */
export function presignUrl(
  request: { method: string; protocol: string; hostname: string; path: string; query?: Record<string, string> },
  credentials: Credentials,
  region: string,
  service: string,
  expiresInSeconds: number,
  now = new Date(),
): string {
  const { amzDate, day } = stamps(now);
  const query: Record<string, string> = {
    ...request.query,
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
    'X-Amz-Credential': `${credentials.accessKeyId}/${day}/${region}/${service}/aws4_request`,
    'X-Amz-Date': amzDate,
    'X-Amz-Expires': String(expiresInSeconds),
    'X-Amz-SignedHeaders': 'host',
  };
  if (credentials.sessionToken) query['X-Amz-Security-Token'] = credentials.sessionToken;
  const { signature } = sign({ ...request, query, body: '', headers: {}, s3: service === 's3' }, { host: request.hostname }, 'UNSIGNED-PAYLOAD', credentials, region, service, amzDate, day);
  return `${request.protocol}//${request.hostname}${request.path}?${canonicalQuery({ ...query, 'X-Amz-Signature': signature })}`;
}

/** Parameters sorted by name, names and values encoded: the canonical form, and the form sent. */
export function canonicalQuery(query: Record<string, string> | undefined): string {
  return Object.keys(query ?? {})
    .sort()
    .map((name) => `${escapeUri(name)}=${escapeUri(query![name]!)}`)
    .join('&');
}

function sign(request: SignableRequest, headers: Record<string, string>, payloadHash: string, credentials: Credentials, region: string, service: string, amzDate: string, day: string) {
  const names = Object.keys(headers).map((name) => name.toLowerCase()).sort();
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = String(value).trim().replace(/\s+/g, ' ');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    request.s3 ? request.path : canonicalPath(request.path),
    canonicalQuery(request.query),
    names.map((name) => `${name}:${lower[name]}\n`).join(''),
    signedHeaders,
    payloadHash,
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, region, service)).update(stringToSign, 'utf8').digest('hex');
  return { signature, scope, signedHeaders };
}

/** The date and credential fields of an S3 POST policy (browser uploads); they are part of the policy. */
export function policyCredential(credentials: Credentials, region: string, now: Date): { amzDate: string; credential: string } {
  const { amzDate, day } = stamps(now);
  return { amzDate, credential: `${credentials.accessKeyId}/${day}/${region}/s3/aws4_request` };
}

/** The signature of an S3 POST policy: the policy, base64, signed with the day's key. */
export function signPolicy(base64Policy: string, credentials: Credentials, region: string, now: Date): string {
  const { day } = stamps(now);
  return createHmac('sha256', signingKey(credentials.secretAccessKey, day, region, 's3')).update(base64Policy, 'utf8').digest('hex');
}
