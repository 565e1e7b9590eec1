import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, OBJECT_KEY_MAX, objectKeyProblem } from '../../shared/uploads.js';
import {
  deleteObject,
  headObject,
  presignDownload,
  presignUpload,
  SIGNED_URL_SECONDS,
} from '../../functions/platform/aws/storage.js';

/**
 * What the upload form and the download link allow, as the SDK's presigners write them (signing is
 * local: no request is made). The policy is what S3 enforces on the browser's POST.
 */
const saved = { ...process.env };
beforeEach(() => {
  // A Lambda role's temporary credentials, as the runtime sets them (the client keeps what it resolved).
  Object.assign(process.env, {
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'AKIDTEST',
    AWS_SECRET_ACCESS_KEY: 'secret',
    AWS_SESSION_TOKEN: 'session-token',
    UPLOADS_BUCKET: 'uploads-bucket',
  });
  delete process.env.S3_ENDPOINT;
});
afterEach(() => {
  process.env = { ...saved };
});

const policyOf = (fields: Record<string, string>) =>
  JSON.parse(Buffer.from(fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };

describe('the presigned upload form', () => {
  it('allows exactly this key, this content type, at most 50 MB, for 300 s', async () => {
    const before = Date.now();
    const { url, fields } = await presignUpload('projects/p-1/files/f-1/plan.pdf', 'application/pdf');
    expect(url).toBe('https://uploads-bucket.s3.eu-west-1.amazonaws.com/');
    expect(fields).toMatchObject({
      key: 'projects/p-1/files/f-1/plan.pdf',
      'Content-Type': 'application/pdf',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      bucket: 'uploads-bucket',
    });
    expect(fields['X-Amz-Credential']).toMatch(/^AKIDTEST\/\d{8}\/eu-west-1\/s3\/aws4_request$/);
    expect(fields['X-Amz-Signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(fields['X-Amz-Security-Token']).toBe('session-token');
    const policy = policyOf(fields);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 0, MAX_FILE_BYTES],
        ['eq', '$key', 'projects/p-1/files/f-1/plan.pdf'],
        ['eq', '$Content-Type', 'application/pdf'],
        { bucket: 'uploads-bucket' },
        { key: 'projects/p-1/files/f-1/plan.pdf' },
        { 'X-Amz-Security-Token': 'session-token' },
      ]),
    );
    const expires = Date.parse(policy.expiration) - before;
    expect(expires).toBeGreaterThan((SIGNED_URL_SECONDS - 5) * 1000);
    expect(expires).toBeLessThanOrEqual((SIGNED_URL_SECONDS + 1) * 1000);
  });

  it('posts to the embedded s3rver path-style', async () => {
    process.env.S3_ENDPOINT = 'http://127.0.0.1:4569';
    const { url } = await presignUpload('k', 'image/png', 10);
    expect(url).toBe('http://127.0.0.1:4569/uploads-bucket');
  });
});

describe('the presigned download link', () => {
  it('downloads as an attachment under the stored name, valid for 300 s', async () => {
    const link = new URL(await presignDownload('projects/p-1/files/f-1/plan_v2.pdf', 'plan v2.pdf'));
    expect(link.origin + link.pathname).toBe(
      'https://uploads-bucket.s3.eu-west-1.amazonaws.com/projects/p-1/files/f-1/plan_v2.pdf',
    );
    expect(link.searchParams.get('X-Amz-Expires')).toBe(String(SIGNED_URL_SECONDS));
    expect(link.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="plan v2.pdf"; filename*=UTF-8''plan%20v2.pdf`,
    );
  });
});

/** Keys an attacker would try: each names a place outside its folder, or reads differently on a disk. */
const UNSAFE_KEYS = [
  '../../../etc/x',
  'p/../../x',
  'p/%2e%2e/%2E%2E/x',
  '%2e%2e%2fx',
  '/abs/x',
  'p//x',
  'p/./x',
  'p/x\u0000.pdf',
  'p/x\n.pdf',
  'p\\..\\x',
  'p/x y.pdf',
  `p/${'a'.repeat(OBJECT_KEY_MAX)}`,
  '',
];

describe('object keys are checked wherever they are used', () => {
  it('refuses .., %2e%2e, a leading /, control characters and over-long keys; accepts ours', () => {
    for (const key of UNSAFE_KEYS) expect(objectKeyProblem(key), JSON.stringify(key)).not.toBeNull();
    expect(
      objectKeyProblem('incoming/01JD0000000000000000000000/deliverable/01JD0000000000000000000001-_.._x_y_.pdf'),
    ).toBeNull();
    expect(objectKeyProblem(`p/${'a'.repeat(OBJECT_KEY_MAX - 2)}`)).toBeNull();
  });

  it('the storage adapter signs and calls nothing for an unsafe key', async () => {
    for (const key of UNSAFE_KEYS) {
      await expect(presignUpload(key, 'application/pdf'), JSON.stringify(key)).rejects.toThrow(/object key/);
      await expect(presignDownload(key, 'x.pdf'), JSON.stringify(key)).rejects.toThrow(/object key/);
      await expect(headObject(key), JSON.stringify(key)).rejects.toThrow(/object key/);
      await expect(deleteObject(key), JSON.stringify(key)).rejects.toThrow(/object key/);
    }
  });
});
