import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterEach, describe, expect, it } from 'vitest';
import { s3Gate } from '../../infra/local/s3-gate.js';

/**
 * The embedded S3 gate's link to the storage behind it (kept alive between requests), with a
 * stand-in storage that closes a kept-alive socket as a request goes out on it.
 */
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'secret' };
const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function gateOver(storage: (req: http.IncomingMessage, res: http.ServerResponse, nth: number) => void) {
  let requests = 0;
  const fake = http.createServer((req, res) => {
    requests += 1;
    req.resume();
    req.on('end', () => storage(req, res, requests));
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const gate = s3Gate({
    prefix: '',
    upstream: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
    bucket: 'uploads',
    region: 'us-east-1',
    credentials,
  });
  const front = http.createServer((req, res) => void gate.handle(req, res));
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    gate.close();
    await new Promise((resolve) => front.close(resolve));
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
  });
  const s3 = new S3Client({
    endpoint: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    region: 'us-east-1',
    credentials,
    forcePathStyle: true,
    maxAttempts: 1,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
  const head = () => s3.send(new HeadObjectCommand({ Bucket: 'uploads', Key: 'projects/p/file.pdf' }));
  return { head, requests: () => requests };
}

const found = (res: http.ServerResponse) => res.writeHead(200, { 'content-length': '0' }).end();

describe('the embedded S3 gate and the storage behind it', () => {
  it('sends a request again on a new socket when the storage closed the kept-alive one it went out on', async () => {
    const gate = await gateOver((req, res, nth) => (nth === 2 ? req.socket.destroy() : found(res)));
    await gate.head();
    await expect(gate.head()).resolves.toMatchObject({ $metadata: { httpStatusCode: 200 } });
    expect(gate.requests()).toBe(3);
  });

  it('answers 502 when the storage cannot be reached, without sending a request on a new socket twice', async () => {
    const gate = await gateOver((req) => req.socket.destroy());
    await expect(gate.head()).rejects.toMatchObject({ $metadata: { httpStatusCode: 502 } });
    expect(gate.requests()).toBe(1);
  });
});
