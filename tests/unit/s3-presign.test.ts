import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { S3Storage, type PolicyCondition } from '../../functions/adapters/aws/s3.js';

/** The SDK's presigners are the reference: same inputs, same instant, the same bytes out. */
const setups = [
  { name: 'AWS, a session token (Lambda)', region: 'eu-west-1', credentials: { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret/with+chars', sessionToken: 'IQoJb3JpZ2luX2VjE//token==' } },
  { name: 'AWS us-east-1, long-term keys', region: 'us-east-1', credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' } },
  { name: 's3rver, path-style', region: 'us-east-1', endpoint: 'http://127.0.0.1:4569', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } },
];

function sdkClient(setup: (typeof setups)[number]) {
  return new S3Client({ region: setup.region, credentials: setup.credentials, endpoint: setup.endpoint, forcePathStyle: !!setup.endpoint, requestChecksumCalculation: 'WHEN_REQUIRED', responseChecksumValidation: 'WHEN_REQUIRED' });
}

const now = new Date('2026-11-22T10:15:30Z');
const key = 'incoming/01JD5QX/Site plan (v2) & notes.pdf';

afterEach(() => {
  vi.useRealTimers();
});

describe('S3 presigning through the lean client', () => {
  for (const setup of setups) {
    it(`a browser upload form equals the SDK's createPresignedPost: ${setup.name}`, async () => {
      const conditions: PolicyCondition[] = [['content-length-range', 0, 52_428_800], ['eq', '$key', key], ['eq', '$Content-Type', 'application/pdf']];
      vi.useFakeTimers({ now, toFake: ['Date'] });
      const reference = await createPresignedPost(sdkClient(setup), { Bucket: 'design-club-uploads', Key: key, Conditions: conditions as never, Fields: { 'Content-Type': 'application/pdf' }, Expires: 300 });
      const ours = await new S3Storage(setup).presignPost({ bucket: 'design-club-uploads', key, conditions, fields: { 'Content-Type': 'application/pdf' }, expiresIn: 300 }, now);
      expect(ours).toEqual(reference);
    });

    it(`a download link equals the SDK's getSignedUrl: ${setup.name}`, async () => {
      const disposition = `attachment; filename="Site plan (v2) & notes.pdf"; filename*=UTF-8''${encodeURIComponent('Site plan (v2) & notes.pdf')}`;
      const reference = await getSignedUrl(sdkClient(setup), new GetObjectCommand({ Bucket: 'design-club-uploads', Key: key, ResponseContentDisposition: disposition }), { expiresIn: 300, signingDate: now });
      const ours = await new S3Storage(setup).presignGet({ bucket: 'design-club-uploads', key, responseContentDisposition: disposition, expiresIn: 300 }, now);
      expect(ours).toBe(reference);
    });
  }

  it('another secret or instant signs differently (the comparison above could fail)', async () => {
    const setup = setups[0]!;
    const input = { bucket: 'b', key: 'k', expiresIn: 300 };
    const base = await new S3Storage(setup).presignGet(input, now);
    expect(await new S3Storage({ ...setup, credentials: { ...setup.credentials, secretAccessKey: 'other' } }).presignGet(input, now)).not.toBe(base);
    expect(await new S3Storage(setup).presignGet(input, new Date(now.getTime() + 1000))).not.toBe(base);
  });
});
