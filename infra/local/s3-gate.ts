import { timingSafeEqual } from 'node:crypto';
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import { S3Client } from '@aws-sdk/client-s3';
import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { getSigningKey, SignatureV4 } from '@smithy/signature-v4';
import { objectKeyProblem } from '#shared/uploads.js';
import { BODY_LIMITS, BodyTooLarge, readBody, refuseTooLarge } from './limits.js';
import { relayAnswer, requestUpstream } from './upstream.js';

export interface S3GateOptions {
  /** Where the gate is mounted on the public server (`/s3`); requests below it name the bucket first. */
  prefix: string;
  /** s3rver's own URL (loopback, with its secret path). */
  upstream: string;
  bucket: string;
  region: string;
  /** The credentials the embedded stack signs its forms, links and calls with (its secret is per data folder). */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** Request bodies held in memory at once (default BODIES_IN_MEMORY); later ones wait their turn unread. */
  bodiesInMemory?: number;
}

/**
 * The gate checks a whole upload before s3rver sees a byte of it, so it holds each body (up to 50 MB,
 * and about twice that while the form is parsed) in memory. Two at a time bound that to a few hundred
 * MB whatever a client opens; the SPA uploads one file after another, so it never waits.
 */
export const BODIES_IN_MEMORY = 2;

/** Turns for holding a body: a request waits, unread (TCP holds its bytes back), until one is free. */
class BodyTurns {
  private held = 0;
  private readonly queue: (() => void)[] = [];
  constructor(private readonly limit: number) {}
  get waiting(): number {
    return this.queue.length;
  }
  get inMemory(): number {
    return this.held;
  }
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.held >= this.limit) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.held += 1;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, so `held` never dips for a newcomer to take it.
      const next = this.queue.shift();
      if (next) next();
      else this.held -= 1;
    }
  }
}

const carriesBody = (req: IncomingMessage) =>
  Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** S3's error shape, which SDK clients and browsers' upload code read. */
class S3Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const denied = (message: string) => new S3Refusal(403, 'AccessDenied', message);
const invalidForm = (message: string) => new S3Refusal(400, 'InvalidArgument', message);

/** The form fields that carry the policy and its signature, as the SDK spells them (the policy does not name them). */
const SIGNATURE_FIELDS = new Map(
  ['Policy', 'X-Amz-Signature', 'X-Amz-Algorithm', 'X-Amz-Credential', 'X-Amz-Date', 'X-Amz-Security-Token'].map(
    (name) => [name.toLowerCase(), name],
  ),
);

/** A checked upload form as s3rver receives it. */
interface RebuiltForm {
  body: Buffer;
  contentType: string;
}
const PRESIGN_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Content-Sha256',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Security-Token',
];

/**
 * The embedded S3 as the public port serves it. s3rver checks neither signatures nor POST policies,
 * so this does what S3 does before it: a browser upload (POST) must carry a policy signed with the
 * stack's credentials, unexpired, whose conditions its fields and file meet (bucket, key, size,
 * Content-Type); a download (GET/HEAD) must be a presigned link whose signature and expiry hold; a
 * call signed in its Authorization header (the handlers' HeadObject, CopyObject, DeleteObject) must
 * verify. Signatures are recomputed with the SDK's own signer and compared. Anything else: refused.
 */
export function s3Gate(options: S3GateOptions) {
  // The SDK's S3 client resolves the hash constructor the presigners use; we take it from there.
  const sdk = new S3Client({ region: options.region, credentials: options.credentials });
  const sha256 = sdk.config.sha256;
  const presigner = new S3RequestPresigner({ credentials: options.credentials, region: options.region, sha256 });
  const signer = new SignatureV4({
    credentials: options.credentials,
    region: options.region,
    service: 's3',
    sha256,
    uriEscapePath: false,
    applyChecksum: false,
  });
  const upstream = new URL(options.upstream);
  const agent = new http.Agent({ keepAlive: true });
  const turns = new BodyTurns(options.bodiesInMemory ?? BODIES_IN_MEMORY);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://local');
    const path = url.pathname.slice(options.prefix.length);
    const method = (req.method ?? 'GET').toUpperCase();
    if (path !== `/${options.bucket}` && !path.startsWith(`/${options.bucket}/`))
      throw new S3Refusal(404, 'NoSuchBucket', 'The specified bucket does not exist.');
    const authorization = String(req.headers.authorization ?? '');
    const objectKey = path.slice(`/${options.bucket}/`.length);
    if (objectKey) {
      let decoded: string | null = null;
      try {
        decoded = decodeURIComponent(objectKey);
      } catch {
        // Left null: refused below.
      }
      const problem = decoded === null ? 'The key is not well-formed.' : objectKeyProblem(decoded);
      if (problem) throw invalidForm(problem);
    }

    if (method === 'POST' && (path === `/${options.bucket}` || path === `/${options.bucket}/`) && !authorization) {
      const form = await checkPostPolicy(req, await readBody(req, BODY_LIMITS.upload));
      return forward(req, res, `/${options.bucket}`, '', form.body, form.contentType);
    }
    if ((method === 'GET' || method === 'HEAD') && url.searchParams.has('X-Amz-Signature')) {
      await checkPresignedUrl(req, url);
      if (Number(req.headers['content-length'] ?? 0) > 0)
        throw new S3Refusal(400, 'InvalidRequest', 'A download takes no body.');
      return forward(req, res, path, url.search, Buffer.alloc(0));
    }
    if (authorization.startsWith('AWS4-HMAC-SHA256 ')) {
      const body = await readBody(req, BODY_LIMITS.upload);
      await checkSignedRequest(req, url, body);
      return forward(req, res, path, url.search, body);
    }
    throw denied('Anonymous access is not allowed: use a presigned upload form or download link.');
  };

  /**
   * The checks S3 makes on a POST upload, in its words, and then the form s3rver is given: rebuilt
   * from the fields checked here and the file, never the body as sent. s3rver reads fields by their
   * exact name, lets the last one before the file win and ignores what follows the file, so a form
   * it read differently from this gate could store another key or type than the policy allows.
   * Refused outright, with 400: a field twice (in any case), a field spelled otherwise than the policy
   * spells it (`KEY`, `Key` for `key`), anything after the file, and a key that is not a safe object key.
   */
  const checkPostPolicy = async (req: IncomingMessage, body: Buffer): Promise<RebuiltForm> => {
    const contentType = String(req.headers['content-type'] ?? '');
    if (!contentType.startsWith('multipart/form-data'))
      throw new S3Refusal(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
    let form: FormData;
    try {
      form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: new Uint8Array(body),
      }).formData();
    } catch {
      throw new S3Refusal(
        400,
        'MalformedPOSTRequest',
        'The body of your POST request is not well-formed multipart/form-data.',
      );
    }
    /** Each field as sent, by its name in lower case (S3 reads names case-insensitively). */
    const sent = new Map<string, { name: string; value: string }>();
    let file: Blob | undefined;
    for (const [name, value] of form) {
      if (file) throw invalidForm(`No field may follow the file: ${name}`);
      if (name.toLowerCase() === 'file') {
        if (typeof value === 'string') throw invalidForm('The file field must be a file.');
        if (name !== 'file') throw invalidForm(`The file field is named "file", not "${name}".`);
        file = value;
        continue;
      }
      if (typeof value !== 'string') throw invalidForm(`Only the file field may carry a file: ${name}`);
      if (sent.has(name.toLowerCase())) throw invalidForm(`The form carries the field ${name} more than once.`);
      sent.set(name.toLowerCase(), { name, value });
    }
    if (!file) throw new S3Refusal(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
    const fields = new Map([...sent].map(([field, { value }]) => [field, value]));
    const policyText = fields.get('policy');
    const signature = fields.get('x-amz-signature');
    const credential = fields.get('x-amz-credential') ?? '';
    const amzDate = fields.get('x-amz-date') ?? '';
    if (!policyText || !signature) throw denied('Bucket POST must contain a policy and its signature.');
    if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
      throw new S3Refusal(400, 'InvalidArgument', 'Only AWS4-HMAC-SHA256 is accepted.');
    const [accessKeyId, day, region, service, terminator] = credential.split('/');
    if (accessKeyId !== options.credentials.accessKeyId)
      throw denied('The AWS Access Key Id you provided does not exist in our records.');
    if (day !== amzDate.slice(0, 8) || region !== options.region || service !== 's3' || terminator !== 'aws4_request')
      throw denied('The credential scope is not valid.');

    // As @aws-sdk/s3-presigned-post signs it: HMAC-SHA256 of the base64 policy with the SigV4 signing key.
    const signingKey = await getSigningKey(sha256, options.credentials, day!, options.region, 's3');
    const hash = new sha256(signingKey);
    hash.update(policyText);
    const expected = Buffer.from(await hash.digest()).toString('hex');
    if (!sameText(expected, signature))
      throw denied('The request signature we calculated does not match the signature you provided.');

    let policy: { expiration?: unknown; conditions?: unknown };
    try {
      policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8'));
    } catch {
      throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
    }
    const expiration = Date.parse(String(policy.expiration));
    if (!Number.isFinite(expiration) || expiration <= Date.now())
      throw denied('Invalid according to Policy: Policy expired.');
    if (!Array.isArray(policy.conditions))
      throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: no conditions.');

    const values = new Map(fields);
    values.set('bucket', options.bucket);
    /** The fields the policy names, as it spells them. */
    const covered = new Map<string, string>([['bucket', 'bucket']]);
    const failed = (field: string, message: string) =>
      field === 'key' ? invalidForm(`The key is not the one this form was signed for: ${message}`) : denied(message);
    for (const condition of policy.conditions as unknown[]) {
      if (Array.isArray(condition)) {
        const [operator, name, value, max] = condition as [string, unknown, unknown, unknown];
        if (String(operator).toLowerCase() === 'content-length-range') {
          if (file.size < Number(name) || file.size > Number(value))
            throw new S3Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.');
          continue;
        }
        const spelled = String(name).replace(/^\$/, '');
        const field = spelled.toLowerCase();
        const actual = values.get(field) ?? '';
        covered.set(field, spelled);
        const ok =
          String(operator).toLowerCase() === 'eq'
            ? actual === String(value)
            : String(operator).toLowerCase() === 'starts-with'
              ? actual.startsWith(String(value))
              : false;
        if (!ok || max !== undefined)
          throw failed(
            field,
            `Invalid according to Policy: Policy Condition failed: ["${operator}", "${String(name)}", ` +
              `"${String(value)}"]`,
          );
      } else if (condition && typeof condition === 'object') {
        for (const [name, value] of Object.entries(condition)) {
          const field = name.toLowerCase();
          covered.set(field, name);
          if (values.get(field) !== String(value))
            throw failed(
              field,
              `Invalid according to Policy: Policy Condition failed: ["eq", "$${name}", "${String(value)}"]`,
            );
        }
      } else throw new S3Refusal(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid Condition.');
    }
    for (const [field, { name }] of sent) {
      const spelling = covered.get(field) ?? SIGNATURE_FIELDS.get(field);
      if (spelling === undefined) {
        if (field.startsWith('x-ignore-')) continue;
        throw denied(`Invalid according to Policy: Extra input fields: ${field}`);
      }
      if (name !== spelling) throw invalidForm(`The field ${name} is spelled ${spelling} in the policy.`);
    }
    const key = fields.get('key');
    if (!covered.has('key') || key === undefined)
      throw invalidForm('The policy must name the key, and the form must carry it.');
    const keyProblem = objectKeyProblem(key);
    if (keyProblem) throw invalidForm(keyProblem);

    // What s3rver is given: the key, the fields the policy checked (not its signature), then the file.
    const rebuilt = new FormData();
    rebuilt.append('key', key);
    for (const [field, value] of fields) {
      if (field === 'key' || field === 'bucket' || SIGNATURE_FIELDS.has(field) || !covered.has(field)) continue;
      rebuilt.append(covered.get(field)!, value);
    }
    rebuilt.append(
      'file',
      new Blob([await file.arrayBuffer()], { type: fields.get('content-type') ?? 'application/octet-stream' }),
      'file',
    );
    const encoded = new Response(rebuilt);
    return { body: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get('content-type')! };
  };

  /** A download link: the SDK's presigner, given the link's own date and lifetime, must write the same signature. */
  const checkPresignedUrl = async (req: IncomingMessage, url: URL) => {
    const params = url.searchParams;
    const date = parseAmzDate(params.get('X-Amz-Date') ?? '');
    const expires = Number(params.get('X-Amz-Expires'));
    if (
      params.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256' ||
      params.get('X-Amz-SignedHeaders') !== 'host' ||
      !date ||
      !Number.isInteger(expires) ||
      expires < 1 ||
      expires > 604_800
    ) {
      throw denied('The presigned link is not valid.');
    }
    if (
      params.get('X-Amz-Credential') !==
      `${options.credentials.accessKeyId}/${params.get('X-Amz-Date')!.slice(0, 8)}/${options.region}/s3/aws4_request`
    )
      throw denied('The credential scope is not valid.');
    if (date.getTime() + expires * 1000 < Date.now()) throw denied('Request has expired');
    const query: Record<string, string> = {};
    for (const [name, value] of params) if (!PRESIGN_PARAMS.includes(name)) query[name] = value;
    const host = String(req.headers.host ?? '');
    const signed = await presigner.presign(
      {
        method: (req.method ?? 'GET').toUpperCase(),
        protocol: 'http:',
        hostname: host,
        path: url.pathname,
        query,
        headers: { host },
      },
      { signingDate: date, expiresIn: expires },
    );
    if (!sameText(String(signed.query?.['X-Amz-Signature'] ?? ''), params.get('X-Amz-Signature') ?? '')) {
      throw denied('The request signature we calculated does not match the signature you provided.');
    }
  };

  /** A call signed in its Authorization header: signed again over the same headers, it must match. */
  const checkSignedRequest = async (req: IncomingMessage, url: URL, body: Buffer) => {
    const match = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
      String(req.headers.authorization),
    );
    const date = parseAmzDate(String(req.headers['x-amz-date'] ?? ''));
    if (!match || !date) throw denied('The authorization header is malformed.');
    const [, credential, signedHeaders, signature] = match;
    const scope = `${String(req.headers['x-amz-date']).slice(0, 8)}/${options.region}/s3/aws4_request`;
    if (credential !== `${options.credentials.accessKeyId}/${scope}`)
      throw denied('The credential scope is not valid.');
    // S3 refuses a request whose date is more than 15 minutes off.
    if (Math.abs(date.getTime() - Date.now()) > 15 * 60_000)
      throw denied('The difference between the request time and the current time is too large.');
    const headers: Record<string, string> = {};
    for (const name of signedHeaders!.split(';')) {
      const value = req.headers[name];
      if (value === undefined) throw denied(`Signed header ${name} is missing.`);
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const payloadHash = headers['x-amz-content-sha256'];
    if (!payloadHash) throw denied('Missing required header for this request: x-amz-content-sha256');
    if (payloadHash !== 'UNSIGNED-PAYLOAD') {
      const hash = new sha256();
      hash.update(body);
      if (Buffer.from(await hash.digest()).toString('hex') !== payloadHash)
        throw new S3Refusal(
          400,
          'XAmzContentSHA256Mismatch',
          'The provided x-amz-content-sha256 header does not match what was computed.',
        );
    }
    const query: Record<string, string> = {};
    for (const [name, value] of url.searchParams) query[name] = value;
    const signed = await signer.sign(
      {
        method: (req.method ?? 'GET').toUpperCase(),
        protocol: 'http:',
        hostname: String(req.headers.host ?? ''),
        path: url.pathname,
        query,
        headers,
        body,
      },
      { signingDate: date, unsignableHeaders: new Set(Object.keys(req.headers).filter((name) => !(name in headers))) },
    );
    const expected =
      /Signature=([0-9a-f]+)/.exec(String(signed.headers.authorization ?? signed.headers.Authorization ?? ''))?.[1] ??
      '';
    if (!sameText(expected, signature!))
      throw denied('The request signature we calculated does not match the signature you provided.');
  };

  const forward = async (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    search: string,
    body: Buffer,
    contentType?: string,
  ): Promise<void> => {
    const headers: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!['host', 'connection', 'keep-alive', 'transfer-encoding', 'origin'].includes(name)) headers[name] = value;
    }
    headers.host = upstream.host;
    headers['content-length'] = body.length;
    if (contentType) headers['content-type'] = contentType;
    let answer: IncomingMessage;
    try {
      answer = await requestUpstream(
        {
          hostname: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: `${upstream.pathname.replace(/\/$/, '')}${path}${search}`,
          headers,
          agent,
        },
        body,
      );
    } catch {
      return sendError(res, new S3Refusal(502, 'ServiceUnavailable', 'The storage is not available.'));
    }
    const relayed: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (!name.startsWith('access-control-') && name !== 'connection' && name !== 'keep-alive') relayed[name] = value;
    }
    await relayAnswer(answer, res, relayed);
  };

  return {
    async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
      try {
        // Calls without a body (downloads, the handlers' HEAD, copy and delete) never wait behind uploads.
        if (!carriesBody(req)) await handle(req, res);
        else
          await turns.run(async () => {
            // A client that gave up while it waited is not read.
            if (req.destroyed || req.socket.destroyed) return;
            await handle(req, res);
          });
      } catch (error) {
        if (error instanceof BodyTooLarge)
          return refuseTooLarge(
            req,
            res,
            errorXml(new S3Refusal(413, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size.')),
            'application/xml',
          );
        if (!(error instanceof S3Refusal)) throw error;
        // What the client sent after the refusal is not read: end the connection once answered.
        res.shouldKeepAlive = false;
        sendError(res, error);
      }
    },
    /** Bodies held and requests waiting for a turn (the tests watch the bound). */
    get bodies() {
      return { inMemory: turns.inMemory, waiting: turns.waiting };
    },
    close() {
      agent.destroy();
      sdk.destroy();
    },
  };
}

function sendError(res: ServerResponse, error: S3Refusal) {
  const body = errorXml(error);
  res.writeHead(error.status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(res.req?.method === 'HEAD' ? undefined : body);
}

function errorXml(error: S3Refusal): string {
  const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<?xml version="1.0" ` +
    `encoding="UTF-8"?>\n<Error><Code>${error.code}</Code><Message>${escapeHtml(error.message)}</Message></Error>`
  );
}

/** `20261124T123000Z` -> Date, or null. */
function parseAmzDate(text: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  return Number.isNaN(date.getTime()) ? null : date;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
