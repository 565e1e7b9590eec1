import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Gate } from '../../infra/local/s3-gate.js';

/**
 * The embedded S3 gate holds each upload's body in memory while it checks it: a bounded number at
 * once, whatever a client opens. Here with a storage behind it that records what reaches it.
 */
describe('the embedded S3 gate holds a bounded number of upload bodies in memory', () => {
  let storage: http.Server;
  let server: http.Server;
  let gate: ReturnType<typeof s3Gate>;
  let port: number;
  const reachedStorage: string[] = [];

  beforeAll(async () => {
    storage = http.createServer((req, res) => {
      reachedStorage.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => res.end());
    });
    await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
    gate = s3Gate({
      prefix: '',
      upstream: `http://127.0.0.1:${(storage.address() as AddressInfo).port}`,
      bucket: 'uploads',
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'secret' },
      bodiesInMemory: 2,
    });
    server = http.createServer((req, res) => void gate.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    gate.close();
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => storage.close(resolve));
  });

  /** An upload form whose body arrives in two parts: the rest only when `finish` is called. */
  function slowUpload(size: number) {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    const answered = new Promise<string>((resolve) => {
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
      socket.on('error', () => resolve(answer.split('\r\n')[0] ?? ''));
    });
    socket.write(
      `POST /uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; ` +
        `boundary=x\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`,
    );
    socket.write('-'.repeat(size / 2));
    let status: string | null = null;
    void answered.then((line) => (status = line));
    return { answered, status: () => status, finish: () => socket.write('-'.repeat(size - size / 2)) };
  }

  const until = async (condition: () => boolean) => {
    for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(condition()).toBe(true);
  };

  it(
    'a third upload waits unread while two are being received, ' + 'and is checked (and refused) once one of them ends',
    async () => {
      const first = slowUpload(1_000);
      const second = slowUpload(1_000);
      await until(() => gate.bodies.inMemory === 2);
      const third = slowUpload(1_000);
      third.finish();
      await until(() => gate.bodies.waiting === 1);
      // Its body has fully arrived at the socket, yet nobody has answered it: it is not being read.
      expect(third.status()).toBeNull();
      expect(gate.bodies.inMemory).toBe(2);

      first.finish();
      // Not a form the gate can parse: refused as S3 would, and the turn passes on.
      expect(await first.answered).toMatch(/^HTTP\/1\.1 400/);
      expect(await third.answered).toMatch(/^HTTP\/1\.1 400/);
      second.finish();
      expect(await second.answered).toMatch(/^HTTP\/1\.1 400/);
      await until(() => gate.bodies.inMemory === 0 && gate.bodies.waiting === 0);
      expect(reachedStorage).toEqual([]);
    },
  );

  it('a call without a body (a download, a HEAD) never waits behind uploads', async () => {
    const first = slowUpload(1_000);
    const second = slowUpload(1_000);
    await until(() => gate.bodies.inMemory === 2);
    const head = await fetch(`http://127.0.0.1:${port}/uploads/some-key`, { method: 'HEAD' });
    // Refused at once (anonymous), while both turns are still held.
    expect(head.status).toBe(403);
    expect(gate.bodies.inMemory).toBe(2);
    first.finish();
    second.finish();
    await Promise.all([first.answered, second.answered]);
    await until(() => gate.bodies.inMemory === 0);
  });

  it('a client that gives up while waiting is never read, and its turn is not lost', async () => {
    const first = slowUpload(1_000);
    const second = slowUpload(1_000);
    await until(() => gate.bodies.inMemory === 2);
    const socket = net.connect(port, '127.0.0.1');
    socket.write(
      'POST /uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ' +
        '10\r\n\r\n0123456789',
    );
    await until(() => gate.bodies.waiting === 1);
    socket.destroy();
    first.finish();
    second.finish();
    await Promise.all([first.answered, second.answered]);
    await until(() => gate.bodies.inMemory === 0 && gate.bodies.waiting === 0);
    // The gate still serves: a new upload is read and answered.
    const later = slowUpload(100);
    later.finish();
    expect(await later.answered).toMatch(/^HTTP\/1\.1 400/);
  });
});
