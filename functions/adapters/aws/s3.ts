import { resolveCredentials, type Credentials, type CredentialsProvider } from './credentials.js';
import { AwsJsonClient, awsDomain, escapeUri, regionFromEnvironment } from './json-client.js';
import { policyCredential, presignUrl, signPolicy } from './sigv4.js';

export interface S3Options {
  region?: string;
  /** A local S3 (s3rver): path-style addressing, `http://host:port/bucket/key`. */
  endpoint?: string;
  credentials?: Credentials;
  maxAttempts?: number;
}

/** One condition of a POST policy, as S3 documents them. */
export type PolicyCondition = Record<string, string> | [string, string, string] | ['content-length-range', number, number];

const iso8601 = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');
const keyPath = (key: string) => key.split('/').map(escapeUri).join('/');

/**
 * The few S3 operations the uploads need, over the lean client: presigned POSTs (the form a browser
 * uploads with), presigned GETs (download links), HeadObject, CopyObject and DeleteObject. Presigned
 * forms and links come out byte for byte as the SDK's presigners write them (tests/unit/s3-presign.test.ts);
 * buckets are addressed virtual-hosted in AWS, path-style at a local endpoint.
 */
export class S3Storage {
  readonly region: string;
  private readonly endpoint?: URL;
  private readonly credentials: CredentialsProvider;
  private readonly clients = new Map<string, AwsJsonClient>();

  constructor(private readonly options: S3Options = {}) {
    this.region = options.region ?? regionFromEnvironment();
    this.endpoint = options.endpoint ? new URL(options.endpoint) : undefined;
    this.credentials = resolveCredentials({ credentials: options.credentials, endpoint: options.endpoint });
  }

  /** The bucket's base URL: `https://bucket.s3.region.amazonaws.com` or `http://host:port/bucket`. */
  bucketUrl(bucket: string): URL {
    if (this.endpoint) return new URL(`${this.endpoint.origin}/${bucket}`);
    return new URL(`https://${bucket}.s3.${this.region}.${awsDomain(this.region)}`);
  }

  private client(bucket: string): AwsJsonClient {
    let client = this.clients.get(bucket);
    if (!client) {
      const url = this.bucketUrl(bucket);
      // The bucket's URL is an endpoint, but not a local one: the credentials are the ones resolved above.
      client = new AwsJsonClient({ service: 's3', endpoint: url.href.replace(/\/$/, ''), region: this.region, credentialsProvider: this.credentials, maxAttempts: this.options.maxAttempts ?? 3 });
      this.clients.set(bucket, client);
    }
    return client;
  }

  /** The form fields and URL of a browser upload to `key`, valid for `expiresIn` seconds. */
  async presignPost(input: { bucket: string; key: string; conditions: PolicyCondition[]; fields: Record<string, string>; expiresIn: number }, now = new Date()): Promise<{ url: string; fields: Record<string, string> }> {
    const credentials = await this.credentials();
    const { amzDate, credential } = policyCredential(credentials, this.region, now);
    const fields: Record<string, string> = {
      ...input.fields,
      bucket: input.bucket,
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': credential,
      'X-Amz-Date': amzDate,
      ...(credentials.sessionToken ? { 'X-Amz-Security-Token': credentials.sessionToken } : {}),
    };
    const conditions = [...new Set([...input.conditions.map((c) => JSON.stringify(c)), ...Object.entries(fields).map(([k, v]) => JSON.stringify({ [k]: v })), JSON.stringify({ key: input.key })])].map((c) => JSON.parse(c) as unknown);
    const policy = Buffer.from(JSON.stringify({ expiration: iso8601(new Date(now.getTime() + input.expiresIn * 1000)), conditions }), 'utf8').toString('base64');
    const signature = signPolicy(policy, credentials, this.region, now);
    return { url: this.bucketUrl(input.bucket).href, fields: { ...fields, key: input.key, Policy: policy, 'X-Amz-Signature': signature } };
  }

  /** A link that GETs `key` (with S3's response-* overrides) for `expiresIn` seconds. */
  async presignGet(input: { bucket: string; key: string; responseContentDisposition?: string; expiresIn: number }, now = new Date()): Promise<string> {
    const base = this.bucketUrl(input.bucket);
    const query: Record<string, string> = { 'x-id': 'GetObject' };
    if (input.responseContentDisposition) query['response-content-disposition'] = input.responseContentDisposition;
    const path = `${base.pathname.replace(/\/$/, '')}/${keyPath(input.key)}`;
    return presignUrl({ method: 'GET', protocol: base.protocol, hostname: base.host, path, query }, await this.credentials(), this.region, 's3', input.expiresIn, now);
  }

  /** Size and content type, or null when there is no such object. */
  async head(bucket: string, key: string): Promise<{ size: number; contentType: string } | null> {
    try {
      const answer = await this.client(bucket).request('HeadObject', { method: 'HEAD', path: `/${keyPath(key)}`, headers: { 'x-amz-content-sha256': EMPTY_SHA256 }, body: '' });
      return { size: Number(answer.headers['content-length'] ?? 0), contentType: String(answer.headers['content-type'] ?? '') };
    } catch (error) {
      if (['NotFound', 'NoSuchKey'].includes((error as Error).name)) return null;
      throw error;
    }
  }

  async delete(bucket: string, key: string): Promise<void> {
    await this.client(bucket).request('DeleteObject', { method: 'DELETE', path: `/${keyPath(key)}`, headers: { 'x-amz-content-sha256': EMPTY_SHA256 }, body: '' });
  }

  /** Copies `from` to `to` in the same bucket, metadata (content type) included. */
  async copy(bucket: string, from: string, to: string): Promise<void> {
    await this.client(bucket).request('CopyObject', {
      method: 'PUT',
      path: `/${keyPath(to)}`,
      headers: { 'x-amz-content-sha256': EMPTY_SHA256, 'x-amz-copy-source': `${bucket}/${keyPath(from)}`, 'x-amz-metadata-directive': 'COPY' },
      body: '',
    });
  }
}

const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
