import { createHash, createHmac } from 'node:crypto';
import type { Credentials } from './credentials.js';

export interface SignableRequest {
  method: string;
  hostname: string;
  path: string;
  /** Header names in lower case; all of them are signed. */
  headers: Record<string, string>;
  body: string;
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
 * Signature Version 4 for requests without a query string (the AWS JSON and REST-JSON protocols, S3
 * excepted): returns the headers to send, the given ones plus host, x-amz-date, the session token and
 * Authorization. `path` is the path as sent (its labels already encoded once).
 * tests/unit/sigv4.test.ts checks it byte for byte against the SDK's own signer.
 */
export function signRequest(request: SignableRequest, credentials: Credentials, region: string, service: string, now = new Date()): Record<string, string> {
  const { amzDate, day } = stamps(now);
  const headers: Record<string, string> = { ...request.headers, host: request.hostname, 'x-amz-date': amzDate };
  if (credentials.sessionToken) headers['x-amz-security-token'] = credentials.sessionToken;
  const names = Object.keys(headers).map((name) => name.toLowerCase()).sort();
  const lower: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = String(value).trim().replace(/\s+/g, ' ');
  const signedHeaders = names.join(';');
  const canonicalRequest = [
    request.method,
    canonicalPath(request.path),
    '',
    names.map((name) => `${name}:${lower[name]}\n`).join(''),
    signedHeaders,
    sha256Hex(request.body),
  ].join('\n');
  const scope = `${day}/${region}/${service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(credentials.secretAccessKey, day, region, service)).update(stringToSign, 'utf8').digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
