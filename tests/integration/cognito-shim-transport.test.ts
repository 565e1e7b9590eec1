import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CognitoIdentityProviderClient, RevokeTokenCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterEach, describe, expect, it } from 'vitest';
import type { Accounts } from '../../infra/local/cognito/accounts.js';
import { createShim, type Sessions } from '../../infra/local/cognito/shim.js';
import { newSigningKey } from '../../infra/local/cognito/signing-key.js';
import { proxyTo } from '../../infra/local/proxy.js';

/**
 * The shim's link to cognito-local (a Unix socket, kept alive between requests), with a stand-in
 * for cognito-local that misbehaves on purpose: a socket it closes as a request goes out on it, and a
 * cognito-local that cannot be reached at all. RevokeToken is a public action the shim passes through.
 * And the hop before it: the runtime's public port forwarding `/cognito` to the shim.
 */

type Upstream = (req: http.IncomingMessage, res: http.ServerResponse, nth: number) => void;

const stops: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (stops.length) await stops.pop()!();
});

async function shimOver(upstream: Upstream) {
  const dir = await mkdtemp(path.join(tmpdir(), 'dc-shim-'));
  const socketPath = path.join(dir, 'cognito.sock');
  let requests = 0;
  const fake = http.createServer((req, res) => {
    requests += 1;
    req.resume();
    req.on('end', () => upstream(req, res, requests));
  });
  await new Promise<void>((resolve) => fake.listen(socketPath, resolve));
  const errors: unknown[][] = [];
  const shim = createShim({
    upstreamSocket: socketPath,
    endpoint: 'http://127.0.0.1',
    pool: { userPoolId: 'local_pool', clientId: 'client', issuer: 'http://127.0.0.1/local_pool' },
    signingKey: await newSigningKey(),
    adminPath: '/admin/secret',
    passwordMinLength: 8,
    // Neither is reached by a pass-through action.
    sessions: {} as Sessions,
    accounts: {} as Accounts,
    logger: { info: () => undefined, error: (...args: unknown[]) => void errors.push(args) } as never,
  });
  const front = http.createServer(shim.handle);
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  stops.push(async () => {
    shim.close();
    await new Promise((resolve) => front.close(resolve));
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });
  const client = new CognitoIdentityProviderClient({
    endpoint: `http://127.0.0.1:${(front.address() as AddressInfo).port}`,
    region: 'local',
    credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    maxAttempts: 1,
  });
  const revoke = () => client.send(new RevokeTokenCommand({ ClientId: 'client', Token: 'a-refresh-token' }));
  return { revoke, requests: () => requests, errors, stopUpstream: () => fake.close() };
}

const ok = (res: http.ServerResponse) => res.writeHead(200, { 'content-type': 'application/x-amz-json-1.1' }).end('{}');

describe('the embedded Cognito: its shim and cognito-local', () => {
  it('sends a request again on a new socket when cognito-local closed the kept-alive one it went out on', async () => {
    const shim = await shimOver((req, res, nth) => {
      // The second request arrives on the socket the first one left open: closed unanswered.
      if (nth === 2) return req.socket.destroy();
      ok(res);
    });
    await shim.revoke();
    await expect(shim.revoke()).resolves.toBeDefined();
    expect(shim.requests()).toBe(3);
    expect(shim.errors).toEqual([]);
  });

  it("answers Cognito's InternalErrorException (a 500 SDKs retry) when cognito-local is out of reach", async () => {
    const shim = await shimOver((req) => req.socket.destroy());
    const failure = await shim.revoke().catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'InternalErrorException', $metadata: { httpStatusCode: 500 } });
    // A request on a new socket is not sent twice: it may have been acted on.
    expect(shim.requests()).toBe(1);
    expect(String(shim.errors[0]?.[0])).toContain('cognito-local could not be reached');
  });

  it('answers a retrying client once cognito-local is back', async () => {
    let down = true;
    const shim = await shimOver((req, res) => (down ? req.socket.destroy() : ok(res)));
    await expect(shim.revoke()).rejects.toMatchObject({ name: 'InternalErrorException' });
    down = false;
    await expect(shim.revoke()).resolves.toBeDefined();
  });

  it('the public /cognito route sends a request again when the shim closed the kept-alive socket', async () => {
    let requests = 0;
    const shim = http.createServer((req, res) => {
      requests += 1;
      req.resume();
      req.on('end', () => (requests === 2 ? req.socket.destroy() : ok(res)));
    });
    await new Promise<void>((resolve) => shim.listen(0, '127.0.0.1', resolve));
    const forward = proxyTo(() => `http://127.0.0.1:${(shim.address() as AddressInfo).port}`, '/cognito', 1024);
    const front = http.createServer((req, res) => void forward(req, res));
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    stops.push(async () => {
      await new Promise((resolve) => front.close(resolve));
      shim.closeAllConnections();
      await new Promise((resolve) => shim.close(resolve));
    });
    const post = () =>
      fetch(`http://127.0.0.1:${(front.address() as AddressInfo).port}/cognito`, { method: 'POST', body: '{}' });
    expect((await post()).status).toBe(200);
    expect((await post()).status).toBe(200);
    expect(requests).toBe(3);
  });
});
