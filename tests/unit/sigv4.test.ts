import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { signRequest, type SignableRequest } from '../../functions/adapters/aws/sigv4.js';
import type { Credentials } from '../../functions/adapters/aws/credentials.js';

type SourceData = string | ArrayBuffer | ArrayBufferView;
const bytes = (data: SourceData) => (typeof data === 'string' ? data : ArrayBuffer.isView(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : new Uint8Array(data));

/** node:crypto as the SDK signer's hash interface. */
class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret ? createHmac('sha256', bytes(secret)) : createHash('sha256');
  }
  update(data: SourceData) {
    this.hash.update(bytes(data));
  }
  async digest() {
    return new Uint8Array(this.hash.digest());
  }
}

/** The AWS SDK's own signer, for the same request: the reference. */
async function sdkSignature(request: SignableRequest, credentials: Credentials, region: string, service: string, now: Date) {
  const signer = new SignatureV4({ credentials, region, service, sha256: Sha256, applyChecksum: false });
  const signed = await signer.sign(
    { method: request.method, protocol: 'https:', hostname: request.hostname, path: request.path, query: {}, headers: { ...request.headers, host: request.hostname }, body: request.body },
    { signingDate: now },
  );
  return signed.headers as Record<string, string>;
}

const cases: { name: string; request: SignableRequest; credentials: Credentials; region: string; service: string; now: Date }[] = [
  {
    name: 'DynamoDB PutItem',
    request: { method: 'POST', hostname: 'dynamodb.eu-west-1.amazonaws.com', path: '/', headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.PutItem' }, body: JSON.stringify({ TableName: 'events', Item: { streamId: { S: 'project-1' }, version: { N: '1' } }, ConditionExpression: 'attribute_not_exists(streamId)' }) },
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' },
    region: 'eu-west-1',
    service: 'dynamodb',
    now: new Date('2026-11-22T16:15:00.123Z'),
  },
  {
    name: 'EventBridge PutEvents with a session token and non-ASCII text',
    request: { method: 'POST', hostname: 'events.us-east-1.amazonaws.com', path: '/', headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSEvents.PutEvents' }, body: JSON.stringify({ Entries: [{ Source: 'design-club', DetailType: 'CommentPosted', Detail: '{"content":"Très bien — 👍"}', EventBusName: 'bus' }] }) },
    credentials: { accessKeyId: 'ASIAEXAMPLE', secretAccessKey: 'secret/with+chars', sessionToken: 'IQoJb3JpZ2luX2VjE//token==' },
    region: 'us-east-1',
    service: 'events',
    now: new Date('2026-01-01T00:00:00Z'),
  },
  {
    name: 'an empty body, just before midnight',
    request: { method: 'POST', hostname: 'dynamodb.ap-southeast-2.amazonaws.com', path: '/', headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': 'DynamoDB_20120810.ListTables' }, body: '{}' },
    credentials: { accessKeyId: 'AKID2', secretAccessKey: 'another' },
    region: 'ap-southeast-2',
    service: 'dynamodb',
    now: new Date('2026-12-31T23:59:59.999Z'),
  },
  {
    name: 'API Gateway PostToConnection (a REST path with a stage, @ and an encoded =)',
    request: { method: 'POST', hostname: 'abc123.execute-api.eu-west-1.amazonaws.com', path: '/prod/@connections/L0SM9cOFvHcCIhw%3D', headers: { 'content-type': 'application/json' }, body: '{"type":"project.changed"}' },
    credentials: { accessKeyId: 'AKID3', secretAccessKey: 'third', sessionToken: 'tok' },
    region: 'eu-west-1',
    service: 'execute-api',
    now: new Date('2026-06-15T08:30:00Z'),
  },
  {
    name: 'Bedrock Converse (a model id with a colon in the path)',
    request: { method: 'POST', hostname: 'bedrock-runtime.us-west-2.amazonaws.com', path: '/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse', headers: { 'content-type': 'application/json' }, body: '{"messages":[]}' },
    credentials: { accessKeyId: 'AKID4', secretAccessKey: 'fourth' },
    region: 'us-west-2',
    service: 'bedrock',
    now: new Date('2026-03-01T12:00:00Z'),
  },
  {
    name: 'SESv2 SendEmail',
    request: { method: 'POST', hostname: 'email.eu-central-1.amazonaws.com', path: '/v2/email/outbound-emails', headers: { 'content-type': 'application/json' }, body: '{"FromEmailAddress":"team@example.com"}' },
    credentials: { accessKeyId: 'AKID5', secretAccessKey: 'fifth' },
    region: 'eu-central-1',
    service: 'ses',
    now: new Date('2026-11-22T10:00:00Z'),
  },
];

describe('Signature Version 4 (the lean AWS client)', () => {
  for (const { name, request, credentials, region, service, now } of cases) {
    it(`signs exactly as the AWS SDK does: ${name}`, async () => {
      const ours = signRequest(request, credentials, region, service, now);
      const reference = await sdkSignature(request, credentials, region, service, now);
      expect(ours.authorization).toBe(reference.authorization);
      expect(ours['x-amz-date']).toBe(reference['x-amz-date']);
      expect(ours['x-amz-security-token']).toBe(reference['x-amz-security-token']);
    });
  }

  it("signs S3 requests as the SDK's S3 client does (the path as sent, the payload hash from its header)", async () => {
    const credentials = { accessKeyId: 'ASIAS3', secretAccessKey: 's3-secret', sessionToken: 'tok' };
    const now = new Date('2026-11-22T10:15:30Z');
    const requests: { method: string; path: string; headers: Record<string, string> }[] = [
      { method: 'HEAD', path: '/incoming/01JD/Site%20plan%20%28v2%29%20%26%20notes.pdf', headers: { 'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855' } },
      { method: 'PUT', path: '/p1/final%20plan.pdf', headers: { 'x-amz-content-sha256': 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855', 'x-amz-copy-source': 'bucket/incoming/p1/final%20plan.pdf', 'x-amz-metadata-directive': 'COPY' } },
    ];
    for (const request of requests) {
      const signable = { ...request, hostname: 'design-club-uploads.s3.eu-west-1.amazonaws.com', body: '', s3: true };
      const ours = signRequest(signable, credentials, 'eu-west-1', 's3', now);
      const signer = new SignatureV4({ credentials, region: 'eu-west-1', service: 's3', sha256: Sha256, uriEscapePath: false, applyChecksum: true });
      const reference = await signer.sign({ method: request.method, protocol: 'https:', hostname: signable.hostname, path: request.path, query: {}, headers: { ...request.headers, host: signable.hostname }, body: '' }, { signingDate: now });
      expect(ours.authorization).toBe((reference.headers as Record<string, string>).authorization);
    }
  });

  it('a different secret, body or day gives a different signature', () => {
    const { request, credentials, region, service, now } = cases[0]!;
    const base = signRequest(request, credentials, region, service, now).authorization;
    expect(signRequest(request, { ...credentials, secretAccessKey: 'other' }, region, service, now).authorization).not.toBe(base);
    expect(signRequest({ ...request, body: `${request.body} ` }, credentials, region, service, now).authorization).not.toBe(base);
    expect(signRequest(request, credentials, region, service, new Date('2026-11-23T16:15:00Z')).authorization).not.toBe(base);
  });
});
