/**
 * Attacks on `npm start` (the embedded stack), each tried the way an outsider would: over HTTP or
 * WebSocket against the public port, with nothing but what the app hands out (its URLs, its own
 * tokens) and what ships in npm packages (cognito-local's private key). Every refusal must leave the
 * event store as it was, and the server must keep answering.
 */
import { createRequire } from 'node:module';
import net from 'node:net';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import * as path from 'node:path';
import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { decodeJwt, importJWK, SignJWT, type JWK } from 'jose';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headObject, uploadsBucket } from '../../functions/platform/aws/storage.js';
import { TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const MiB = 1024 * 1024;

interface Presigned {
  file_id: string;
  key: string;
  upload: { url: string; fields: Record<string, string> };
}

/** The multipart form a browser posts (fields, then the file), with overrides an attacker chooses. */
function uploadForm(
  fields: Record<string, string>,
  file: Buffer,
  contentType: string,
  overrides: Record<string, string | null> = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...fields, ...overrides })) if (value !== null) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)], { type: contentType }), 'file.bin');
  return form;
}

/** One raw HTTP exchange: writes `request`, resolves with the status line the server answers (or 'closed'). */
function raw(port: number, request: string | Buffer, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    let answer = '';
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      if (answer.includes('\r\n')) {
        resolve(answer.split('\r\n')[0]!);
        socket.destroy();
      }
    });
    socket.on('error', () => resolve('closed'));
    socket.on('close', () => resolve(answer.split('\r\n')[0] || 'closed'));
    socket.write(request);
  });
}

const portOf = (stack: TestStack) => Number(new URL(stack.url).port);

/** cognito-local's private key, as anyone can read it from its npm package. */
async function shippedPrivateKey() {
  const jwk = (
    createRequire(createRequire(import.meta.url).resolve('cognito-local'))('./keys/cognitoLocal.private.json') as {
      jwk: JWK;
    }
  ).jwk;
  return importJWK(jwk, 'RS256');
}

describe('attacks on the embedded stack (loopback, as `npm start` runs by default)', () => {
  let stack: TestStack;
  let admin: TestUser;
  let owner: TestUser;
  let projectId: string;

  const cognitoCall = (operation: string, body: unknown, path = '/cognito') =>
    fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-amz-json-1.1',
        'x-amz-target': `AWSCognitoIdentityProviderService.${operation}`,
      },
      body: JSON.stringify(body),
    });

  const presign = async (fileName = 'plan.pdf', contentType = 'application/pdf'): Promise<Presigned> => {
    const presigned = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
      user: owner,
      body: { file_name: fileName, content_type: contentType, file_size: PDF.length },
    });
    expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
    return presigned.body as Presigned;
  };

  beforeAll(async () => {
    stack = await TestStack.start();
    admin = await stack.admin();
    owner = await stack.signUpClient();
    const created = await stack.api('POST', '/api/projects', { user: owner, body: minimalProject() });
    expect(created.status).toBe(201);
    projectId = created.body.project.id;
    await stack.settle();
  }, 60_000);
  afterAll(() => stack?.stop());

  describe('attack 2: services open on the public port', () => {
    it(
      "refuses Cognito's admin API through /cognito (ListUsers, AdminGetUser, AdminSetUserPassword, " +
        "AdminAddUserToGroup) with Cognito's error",
      async () => {
        const before = await stack.eventCount();
        const { userPoolId } = stack.local.cognito;
        const attempts: [string, unknown][] = [
          ['ListUsers', { UserPoolId: userPoolId }],
          ['AdminGetUser', { UserPoolId: userPoolId, Username: stack.local.seeded.admin.email }],
          [
            'AdminSetUserPassword',
            {
              UserPoolId: userPoolId,
              Username: stack.local.seeded.admin.email,
              Password: 'Hijacked#Password2026',
              Permanent: true,
            },
          ],
          ['AdminAddUserToGroup', { UserPoolId: userPoolId, Username: owner.email, GroupName: 'admin' }],
          [
            'AdminCreateUser',
            {
              UserPoolId: userPoolId,
              Username: uniqueEmail('planted'),
              MessageAction: 'SUPPRESS',
              TemporaryPassword: 'Planted#Password2026',
            },
          ],
        ];
        for (const [operation, body] of attempts) {
          const answer = await cognitoCall(operation, body);
          expect(answer.status, operation).toBe(403);
          expect(await answer.json(), operation).toEqual({
            __type: 'MissingAuthenticationTokenException',
            message: 'Missing Authentication Token',
          });
        }
        // The shim's admin path is not forwarded from the public port, whatever follows it.
        for (const path of ['/cognito/admin/anything', `/cognito/admin/${'x'.repeat(43)}`]) {
          const answer = await cognitoCall('ListUsers', { UserPoolId: userPoolId }, path);
          expect(answer.status).toBe(404);
          expect((await answer.json()).__type).toBe('UnknownOperationException');
        }
        // Nothing changed: the admin's password is the seeded one, the client is not an admin.
        await expect(stack.admin()).resolves.toMatchObject({ sub: admin.sub });
        const groups = decodeJwt((await stack.signIn(owner.email, 'CorrectHorse#2026')).idToken)['cognito:groups'];
        expect(groups ?? []).not.toContain('admin');
        // The user API the SPA needs still answers there.
        const signIn = await cognitoCall('InitiateAuth', {
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: stack.local.cognito.clientId,
          AuthParameters: { USERNAME: owner.email, PASSWORD: 'CorrectHorse#2026' },
        });
        expect(signIn.status).toBe(200);
        await stack.settle();
        expect(await stack.eventCount()).toBe(before);
      },
    );

    it(
      'has no Lambda-invoke endpoint: a forged PostConfirmation cannot register a sub or claim a designer ' +
        'authorisation',
      async () => {
        const before = await stack.eventCount();
        const sub = '00000000-0000-4000-8000-0000000a7ac4';
        const answer = await fetch(`${stack.url}/2015-03-31/functions/post-confirmation/invocations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            version: '1',
            triggerSource: 'PostConfirmation_ConfirmSignUp',
            region: 'local',
            userPoolId: stack.local.cognito.userPoolId,
            userName: sub,
            callerContext: { awsSdkVersion: 'x', clientId: stack.local.cognito.clientId },
            request: { userAttributes: { sub, email: stack.local.seeded.designer.email, name: 'Mallory' } },
            response: {},
          }),
        });
        expect(answer.status).toBe(405);
        expect((await answer.json()).error.code).toBe('METHOD_NOT_ALLOWED');
        await stack.settle();
        expect(await stack.eventCount()).toBe(before);
        expect((await stack.local.runtime.store.readStream(`user-${sub}`)).events).toEqual([]);
      },
    );

    it(
      'refuses S3 reads, writes and listings without a ' + 'valid signature; a presigned link still downloads',
      async () => {
        const presigned = await presign();
        const form = uploadForm(presigned.upload.fields, PDF, 'application/pdf');
        expect((await fetch(presigned.upload.url, { method: 'POST', body: form })).status).toBe(204);
        expect(
          (await stack.api('POST', `/api/projects/${projectId}/files`, { user: owner, body: { key: presigned.key } }))
            .status,
        ).toBe(201);
        const link = (await stack.api('GET', `/api/projects/${projectId}/files/${presigned.file_id}`, { user: owner }))
          .body.url as string;
        const before = await stack.eventCount();

        const bare = new URL(link);
        bare.search = '';
        const unsigned = await fetch(bare);
        expect(unsigned.status).toBe(403);
        expect(await unsigned.text()).toContain('<Code>AccessDenied</Code>');
        // The object's own bytes never leave without a signature, nor does a listing of the bucket.
        expect((await fetch(new URL(`/${uploadsBucket()}`, bare))).status).toBe(403);
        expect((await fetch(new URL(`/${uploadsBucket()}/?list-type=2`, bare))).status).toBe(403);
        // Overwriting or deleting it anonymously.
        expect(
          (await fetch(bare, { method: 'PUT', body: 'pwned', headers: { 'content-type': 'text/html' } })).status,
        ).toBe(403);
        expect((await fetch(bare, { method: 'DELETE' })).status).toBe(403);
        // A link altered to live longer, or to name another object, no longer verifies.
        const longer = new URL(link);
        longer.searchParams.set('X-Amz-Expires', '604800');
        expect((await fetch(longer)).status).toBe(403);
        const other = new URL(link.replace(presigned.key.split('/').pop()!, 'other.pdf'));
        expect((await fetch(other)).status).toBe(403);

        const download = await fetch(link);
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
        expect(await stack.eventCount()).toBe(before);
      },
    );

    it('refuses an expired download link, recomputed with the stack’s own credentials', async () => {
      const presigned = await presign();
      expect(
        (
          await fetch(presigned.upload.url, {
            method: 'POST',
            body: uploadForm(presigned.upload.fields, PDF, 'application/pdf'),
          })
        ).status,
      ).toBe(204);
      const s3 = new S3Client({
        endpoint: process.env.S3_ENDPOINT,
        forcePathStyle: true,
        region: process.env.AWS_REGION,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || 'S3RVER' },
      });
      const hourAgo = new Date(Date.now() - 3_600_000);
      const expired = await getSignedUrl(s3, new GetObjectCommand({ Bucket: uploadsBucket(), Key: presigned.key }), {
        expiresIn: 60,
        signingDate: hourAgo,
      });
      const fresh = await getSignedUrl(s3, new GetObjectCommand({ Bucket: uploadsBucket(), Key: presigned.key }), {
        expiresIn: 60,
      });
      const wrongKey = new S3Client({
        endpoint: process.env.S3_ENDPOINT,
        forcePathStyle: true,
        region: process.env.AWS_REGION,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER-guessed' },
      });
      const guessed = await getSignedUrl(
        wrongKey,
        new GetObjectCommand({ Bucket: uploadsBucket(), Key: presigned.key }),
        { expiresIn: 60 },
      );
      s3.destroy();
      wrongKey.destroy();
      const refused = await fetch(expired);
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain('Request has expired');
      expect((await fetch(guessed)).status).toBe(403);
      expect((await fetch(fresh)).status).toBe(200);
    });

    it('checks every upload against its presigned POST policy: type, key, size, expiry and the ' +
      'policy’s signature', async () => {
      const before = await stack.eventCount();
      const attempts: { name: string; post: (p: Presigned) => Promise<{ response: Response; key: string }> }[] = [
        {
          name: 'HTML under the form of a PDF',
          post: async (p) => ({
            key: p.key,
            response: await fetch(p.upload.url, {
              method: 'POST',
              body: uploadForm(p.upload.fields, Buffer.from('<script>alert(1)</script>'), 'text/html', {
                'Content-Type': 'text/html',
              }),
            }),
          }),
        },
        {
          name: 'another key than the policy names',
          post: async (p) => {
            const key = p.key.replace(/[^/]+$/, 'planted.pdf');
            return {
              key,
              response: await fetch(p.upload.url, {
                method: 'POST',
                body: uploadForm(p.upload.fields, PDF, 'application/pdf', { key }),
              }),
            };
          },
        },
        {
          name: 'a policy rewritten to allow any type, with the old signature',
          post: async (p) => {
            const policy = JSON.parse(Buffer.from(p.upload.fields.Policy!, 'base64').toString('utf8'));
            policy.conditions = policy.conditions.map((c: unknown) =>
              Array.isArray(c) && c[1] === '$Content-Type' ? ['starts-with', '$Content-Type', ''] : c,
            );
            const forged = Buffer.from(JSON.stringify(policy)).toString('base64');
            return {
              key: p.key,
              response: await fetch(p.upload.url, {
                method: 'POST',
                body: uploadForm(p.upload.fields, Buffer.from('<h1>x</h1>'), 'text/html', {
                  Policy: forged,
                  'Content-Type': 'text/html',
                }),
              }),
            };
          },
        },
        {
          name: 'no policy and no signature',
          post: async (p) => ({
            key: p.key,
            response: await fetch(p.upload.url, {
              method: 'POST',
              body: uploadForm({ key: p.key, 'Content-Type': 'application/pdf' }, PDF, 'application/pdf'),
            }),
          }),
        },
        {
          name: 'a field the policy does not cover',
          post: async (p) => ({
            key: p.key,
            response: await fetch(p.upload.url, {
              method: 'POST',
              body: uploadForm(p.upload.fields, PDF, 'application/pdf', { 'x-amz-meta-owner': 'mallory' }),
            }),
          }),
        },
        {
          name: 'a policy signed with a guessed secret',
          post: async (p) => {
            const s3 = new S3Client({
              endpoint: process.env.S3_ENDPOINT,
              forcePathStyle: true,
              region: process.env.AWS_REGION,
              credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
            });
            const forged = await createPresignedPost(s3, {
              Bucket: uploadsBucket(),
              Key: p.key,
              Conditions: [['content-length-range', 0, 1e9]],
              Fields: { 'Content-Type': 'text/html' },
              Expires: 300,
            });
            s3.destroy();
            return {
              key: p.key,
              response: await fetch(p.upload.url, {
                method: 'POST',
                body: uploadForm(forged.fields, Buffer.from('<h1>x</h1>'), 'text/html'),
              }),
            };
          },
        },
        {
          name: 'an expired policy',
          post: async (p) => {
            const s3 = new S3Client({
              endpoint: process.env.S3_ENDPOINT,
              forcePathStyle: true,
              region: process.env.AWS_REGION,
              credentials: { accessKeyId: 'S3RVER', secretAccessKey: process.env.S3_SECRET_ACCESS_KEY || 'S3RVER' },
            });
            const stale = await createPresignedPost(s3, {
              Bucket: uploadsBucket(),
              Key: p.key,
              Conditions: [['eq', '$Content-Type', 'application/pdf']],
              Fields: { 'Content-Type': 'application/pdf' },
              Expires: -60,
            });
            s3.destroy();
            return {
              key: p.key,
              response: await fetch(p.upload.url, {
                method: 'POST',
                body: uploadForm(stale.fields, PDF, 'application/pdf'),
              }),
            };
          },
        },
        {
          name: 'a file over the 50 MB content-length-range',
          post: async (p) => ({
            key: p.key,
            response: await fetch(p.upload.url, {
              method: 'POST',
              body: uploadForm(p.upload.fields, Buffer.alloc(50 * MiB + 1, 0x25), 'application/pdf'),
            }),
          }),
        },
      ];
      for (const attempt of attempts) {
        const { response, key } = await attempt.post(await presign());
        expect(response.status, attempt.name).toBeGreaterThanOrEqual(400);
        expect(response.status, attempt.name).toBeLessThan(500);
        expect(await response.text(), attempt.name).toMatch(/<Code>\w+<\/Code>/);
        expect(await headObject(key), attempt.name).toBeNull();
      }
      expect(await stack.eventCount()).toBe(before);
    }, 60_000);

    it('serves the outbox only to this machine: a page that rebinds its domain to 127.0.0.1 is refused', async () => {
      const mine = await fetch(`${stack.url}/outbox.json`);
      expect(mine.status).toBe(200);
      // fetch cannot set Host; the raw request can, as a rebinding attacker's browser would send it.
      const rebound = await raw(
        portOf(stack),
        'GET /outbox.json HTTP/1.1\r\nHost: attacker.example:80\r\nConnection: close\r\n\r\n',
      );
      expect(rebound).toBe('HTTP/1.1 404 Not Found');
    });

    it('listens on loopback only: the machine’s other addresses do not answer', async () => {
      const external = Object.values(networkInterfaces())
        .flat()
        .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
      if (!external) return; // a machine with loopback only has nothing else to reach
      expect(await raw(portOf(stack), 'GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n', external)).toBe('closed');
    });

    it(
      'keeps the internal ports shut without the data folder’s secret (dynalite, s3rver, the Cognito shim’s ' +
        'admin API)',
      async () => {
        const before = await stack.eventCount();
        const dynamo = new URL(process.env.DYNAMODB_ENDPOINT!);
        for (const [operation, body] of [
          ['ListTables', {}],
          ['Scan', { TableName: 'design-club-events' }],
          ['DeleteTable', { TableName: 'design-club-events' }],
        ] as const) {
          const answer = await fetch(`${dynamo.origin}/`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}` },
            body: JSON.stringify(body),
          });
          expect(answer.status, operation).toBe(403);
        }
        expect(
          (
            await fetch(`${dynamo.origin}/`, {
              method: 'OPTIONS',
              headers: { origin: 'http://attacker.example', 'access-control-request-method': 'POST' },
            })
          ).headers.get('access-control-allow-origin'),
        ).toBeNull();
        // s3rver itself (no signature checks): its port without the secret path serves nothing.
        const s3rver = new URL(stack.local.s3Endpoint ?? process.env.S3_ENDPOINT!).origin;
        expect((await fetch(`${s3rver}/${uploadsBucket()}/?list-type=2`)).status).toBe(403);
        expect(
          (await fetch(`${s3rver}/${uploadsBucket()}/planted.html`, { method: 'PUT', body: '<h1>x</h1>' })).status,
        ).toBe(403);
        const shim = stack.local.cognito.issuer.replace(/\/[^/]+$/, '');
        const listUsers = await fetch(shim, {
          method: 'POST',
          headers: {
            'content-type': 'application/x-amz-json-1.1',
            'x-amz-target': 'AWSCognitoIdentityProviderService.ListUsers',
          },
          body: JSON.stringify({ UserPoolId: stack.local.cognito.userPoolId }),
        });
        expect(listUsers.status).toBe(403);
        expect(await stack.eventCount()).toBe(before);
      },
    );

    it(
      'accepts no token merely because it verifies against ' + 'cognito-local’s shipped key (API and realtime)',
      async () => {
        const before = await stack.eventCount();
        const genuine = decodeJwt(admin.idToken);
        const forged = await new SignJWT({
          ...genuine,
          sub: owner.sub,
          email: owner.email,
          'cognito:groups': ['admin'],
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
          .sign(await shippedPrivateKey());
        const forgedUser = { ...owner, idToken: forged };
        expect((await stack.api('GET', '/api/users', { user: forgedUser })).status).toBe(401);
        expect(
          (await stack.api('PATCH', '/api/me/profile', { user: forgedUser, body: { company: 'Mallory Inc' } })).status,
        ).toBe(401);
        expect((await stack.api('GET', '/api/users', { user: admin })).status).toBe(200);

        const refused = await new Promise<number>((resolve) => {
          const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=${forged}`);
          socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
          socket.on('open', () => {
            socket.close();
            resolve(101);
          });
          socket.on('error', () => resolve(0));
        });
        expect(refused).toBe(401);
        // Cognito's own user API does not take it either (cognito-local only decodes access tokens).
        const accessForged = await new SignJWT({
          ...decodeJwt(
            (
              await cognitoCall('InitiateAuth', {
                AuthFlow: 'USER_PASSWORD_AUTH',
                ClientId: stack.local.cognito.clientId,
                AuthParameters: { USERNAME: owner.email, PASSWORD: 'CorrectHorse#2026' },
              }).then((r) => r.json())
            ).AuthenticationResult.AccessToken,
          ),
          sub: admin.sub,
        })
          .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
          .sign(await shippedPrivateKey());
        const update = await cognitoCall('UpdateUserAttributes', {
          AccessToken: accessForged,
          UserAttributes: [{ Name: 'name', Value: 'Owned' }],
        });
        expect(update.status).toBe(400);
        expect((await update.json()).__type).toBe('NotAuthorizedException');
        await stack.settle();
        expect(await stack.eventCount()).toBe(before);
      },
    );
  });

  describe('attack 3 and friends: no request stops the server', () => {
    it(
      'closes a connection that sends a 1 MiB WebSocket ' + 'frame with 1009, and keeps serving everyone else',
      async () => {
        const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=${owner.idToken}`);
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
        socket.on('error', () => undefined);
        socket.send(Buffer.alloc(MiB, 0x61));
        expect(await closed).toBe(1009);

        expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
        const again = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=${owner.idToken}`);
        await new Promise<void>((resolve, reject) => {
          again.once('open', () => resolve());
          again.once('error', reject);
        });
        again.close();
      },
    );

    it('keeps answering while sockets send half a request and go silent, or reset mid-request', async () => {
      const silent: net.Socket[] = [];
      for (const half of [
        'GET /api/health HTTP/1.1\r\nHost: loc',
        'POST /api/projects HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ' +
          '1000\r\n\r\n{"title":',
        `POST /${uploadsBucket()} HTTP/1.1\r\nHost: localhost\r\nContent-Type: multipart/form-data; ` +
          `boundary=x\r\nContent-Length: 100000\r\n\r\n--x\r\n`,
        'POST /cognito HTTP/1.1\r\nHost: localhost\r\nContent-Length: 500\r\n\r\n{',
      ]) {
        const socket = net.connect(portOf(stack), '127.0.0.1');
        socket.on('error', () => undefined);
        socket.write(half);
        silent.push(socket);
      }
      const reset = net.connect(portOf(stack), '127.0.0.1', () => {
        reset.write('POST /api/projects HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100\r\n\r\n{"a"');
        setImmediate(() => reset.resetAndDestroy());
      });
      reset.on('error', () => undefined);
      const health = await fetch(`${stack.url}/api/health`);
      expect(health.status).toBe(200);
      expect((await stack.api('GET', '/api/projects', { user: owner })).status).toBe(200);
      for (const socket of silent) socket.destroy();
    });

    it(
      'answers an oversized body with 413 as soon as it is declared, ' + 'per kind of route, without reading it',
      async () => {
        const port = portOf(stack);
        const declare = (path: string, bytes: number, type = 'application/json') => {
          const authorization = path.startsWith('/api') ? `Authorization: Bearer ${owner.idToken}\r\n` : '';
          return (
            `POST ${path} HTTP/1.1\r\nHost: localhost:${port}\r\n${authorization}` +
            `Content-Type: ${type}\r\nContent-Length: ${bytes}\r\n\r\n{`
          );
        };
        expect(await raw(port, declare('/api/projects', 20 * MiB))).toBe('HTTP/1.1 413 Payload Too Large');
        expect(await raw(port, declare('/cognito', 2 * MiB, 'application/x-amz-json-1.1'))).toBe(
          'HTTP/1.1 413 Payload Too Large',
        );
        expect(await raw(port, declare(`/${uploadsBucket()}`, 60 * MiB, 'multipart/form-data; boundary=x'))).toBe(
          'HTTP/1.1 413 Payload Too Large',
        );
        expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
      },
    );

    it('answers malformed HTTP on that connection only', async () => {
      const port = portOf(stack);
      expect(await raw(port, 'HELLO THERE\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request');
      expect(await raw(port, `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`)).toBe(
        'HTTP/1.1 431 Request Header Fields Too Large',
      );
      expect(await raw(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nContent-Length: -1\r\n\r\n')).toBe(
        'HTTP/1.1 400 Bad Request',
      );
      expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
    });
  });
});

describe('HOST=0.0.0.0: the port is open to the network, the outbox is not; dead realtime peers are dropped', () => {
  let stack: TestStack;
  beforeAll(async () => {
    // A short heartbeat, so a half-open peer is found within the test.
    stack = await TestStack.start({ host: '0.0.0.0', heartbeatMs: 150 });
  }, 60_000);
  afterAll(() => stack?.stop());

  it('asks even this machine for the data folder’s secret, and refuses other machines outright', async () => {
    expect((await fetch(`${stack.url}/api/health`)).status).toBe(200);
    expect((await fetch(`${stack.url}/outbox.json`)).status).toBe(404);
    expect((await fetch(`${stack.url}/outbox.json`, { headers: { 'x-local-secret': 'guess' } })).status).toBe(404);
    expect(
      (await fetch(`${stack.url}/outbox.json`, { headers: { 'x-local-secret': stack.local.secret } })).status,
    ).toBe(200);
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;
    if (!external) return;
    const port = Number(new URL(stack.url).port);
    expect(await raw(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', external)).toBe(
      'HTTP/1.1 200 OK',
    );
    // From another address, even with the secret (a header anyone can send once it leaks), the outbox stays shut.
    expect(
      await raw(
        port,
        `GET /outbox.json HTTP/1.1\r\nHost: localhost\r\nX-Local-Secret: ${stack.local.secret}\r\nConnection: ` +
          `close\r\n\r\n`,
        external,
      ),
    ).toBe('HTTP/1.1 404 Not Found');
  });

  it(
    'terminates a realtime peer that stops answering ' + 'pings (a half-open connection), and keeps live ones',
    async () => {
      const client = await stack.signUpClient();
      const open = (autoPong: boolean) =>
        new Promise<WebSocket>((resolve, reject) => {
          const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=${client.idToken}`, {
            autoPong,
          });
          socket.once('open', () => resolve(socket));
          socket.once('error', reject);
        });
      const live = await open(true);
      const dead = await open(false); // like a peer whose network went away: it never answers a ping
      const code = await new Promise<number>((resolve) => dead.once('close', (closeCode) => resolve(closeCode)));
      expect(code).toBe(1006); // terminated without a closing handshake
      expect(live.readyState).toBe(WebSocket.OPEN);
      live.close();
    },
  );
});

describe('PUBLIC_URL: with the port open, what others are sent names the address they reach', () => {
  let stack: TestStack;
  let publicUrl: string;
  beforeAll(async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const free = (probe.address() as net.AddressInfo).port;
        probe.close(() => resolve(free));
      });
    });
    publicUrl = `http://127.0.0.1:${port}`;
    // A page of its own: the suite runs before the SPA is built on a fresh clone.
    const webDir = mkdtempSync(path.join(tmpdir(), 'public-url-web-'));
    writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Design Club</title>');
    stack = await TestStack.start({ host: '0.0.0.0', port, publicUrl: `${publicUrl}/ignored-path`, webDir });
  }, 60_000);
  afterAll(() => stack?.stop());

  it('upload forms, the WebSocket origin in the page policy and e-mail links use it, not localhost', async () => {
    expect(stack.url).toBe(publicUrl);
    const page = await fetch(`${publicUrl}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(
      `connect-src 'self' ${publicUrl.replace('http', 'ws')};`,
    );
    const client = await stack.signUpClient();
    const created = await stack.api('POST', '/api/projects', { user: client, body: minimalProject() });
    const presigned = await stack.api('POST', `/api/projects/${created.body.project.id}/uploads`, {
      user: client,
      body: { file_name: 'plan.pdf', content_type: 'application/pdf', file_size: 9, file_type: 'client_upload' },
    });
    expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
    expect(presigned.body.upload.url.startsWith(`${publicUrl}/`)).toBe(true);
    expect(process.env.SITE_URL).toBe(publicUrl);
  });
});
