import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevokeDesignerSessionsResponse } from '../../functions/features/users/session-contracts.js';
import { TestStack, uniqueEmail, type TestUser } from '../support/stack.js';

let stack: TestStack;
let admin: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  admin = await stack.admin();
});
afterAll(async () => {
  await stack?.stop();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function signInWithRefreshToken(email: string, password: string) {
  const client = new CognitoIdentityProviderClient({
    endpoint: stack.local.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.local.cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const refresh = () =>
    client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: stack.local.cognito.clientId,
        AuthParameters: { REFRESH_TOKEN: AuthenticationResult!.RefreshToken! },
      }),
    );
  return { refresh };
}

describe("POST /api/sessions/revoke-designers ('Sign Out All Designers')", () => {
  it('appends one event, refuses older designer tokens everywhere and signs designers out of Cognito', async () => {
    const { email, password } = stack.local.seeded.designer;
    const designer = await stack.designer();
    const session = await signInWithRefreshToken(email, password);
    const client = await stack.signUpClient();
    // A pre-authorised designer without an account has no session to end.
    expect(
      (await stack.api('POST', '/api/designers', { user: admin, body: { email: uniqueEmail('pending') } })).status,
    ).toBe(201);
    await stack.settle();
    expect((await stack.api('GET', '/api/me', { user: designer })).status).toBe(200);

    const before = await stack.eventCount();
    const revoked = await stack.api('POST', '/api/sessions/revoke-designers', { user: admin });
    expect(revoked.status).toBe(200);
    const body = revoked.body as RevokeDesignerSessionsResponse;
    expect(body).toMatchObject({ revoked: 1, total: 1, errors: [] });
    expect(Date.parse(body.not_before)).toBeGreaterThan(Date.now() - 60_000);
    // The click, and the one designer account's sessions instant (SessionsEnded on its user stream).
    expect(await stack.eventCount()).toBe(before + 2);
    await stack.settle();

    for (const path of ['/api/me', '/api/projects', '/api/billing/subscription']) {
      const refused = await stack.api('GET', path, { user: designer });
      expect(refused, path).toMatchObject({
        status: 401,
        body: { error: { code: 'SESSION_REVOKED', message: 'Session revoked. Please sign in again.' } },
      });
    }
    expect((await stack.api('POST', '/api/designers/link', { user: designer })).status).toBe(401);
    // Its refresh token no longer gives new tokens.
    await expect(session.refresh()).rejects.toThrow();
    // Admins and clients are not designers: untouched.
    expect((await stack.api('GET', '/api/me', { user: admin })).status).toBe(200);
    expect((await stack.api('GET', '/api/me', { user: client })).status).toBe(200);

    // Signing in again (in a later second than the revocation) works.
    await pause(Math.max(0, Date.parse(body.not_before) + 1_050 - Date.now()));
    const fresh = await stack.designer();
    expect((await stack.api('GET', '/api/me', { user: fresh })).body.roles).toEqual(['designer']);
  });

  it('refuses clients and designers with 403 and records nothing', async () => {
    const client = await stack.signUpClient();
    await pause(1_100);
    const designer = await stack.designer();
    const before = await stack.eventCount();
    expect((await stack.api('POST', '/api/sessions/revoke-designers', { user: client })).status).toBe(403);
    expect((await stack.api('POST', '/api/sessions/revoke-designers', { user: designer })).status).toBe(403);
    expect((await stack.api('POST', '/api/sessions/revoke-designers')).status).toBe(401);
    expect(await stack.eventCount()).toBe(before);
  });
});
