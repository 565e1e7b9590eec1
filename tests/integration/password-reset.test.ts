import { CognitoIdentityProviderClient, ForgotPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userStream } from '../../functions/features/users/decider.js';
import { TestStack, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Password reset by our own mailed link (POST /api/password-resets: { email }, { token }, { token, password })
 * against the embedded stack: it works for a client whose e-mail Cognito never verified, which
 * Cognito's ForgotPassword refuses (and so does the embedded Cognito now).
 */
let stack: TestStack;
const NEW_PASSWORD = 'A brand new passphrase 2026';

beforeAll(async () => {
  stack = await TestStack.start();
});
afterAll(async () => {
  await stack?.stop();
});

const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack.local.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

async function resetMails(email: string) {
  return (await stack.local.outbox.list(email)).filter((mail) => mail.tag === 'password-reset');
}

/** The token of the newest reset link mailed to `email`, and the link. */
async function newestLink(email: string): Promise<{ url: URL; token: string }> {
  const [mail] = await resetMails(email);
  if (!mail) throw new Error(`No reset e-mail to ${email}`);
  const url = new URL(/(https?:\/\/\S+)/.exec(mail.text)![1]!);
  return { url, token: url.searchParams.get('token')! };
}

const check = (token: string) => stack.api('POST', '/api/password-resets', { body: { token } });
const complete = (token: string, password: unknown) =>
  stack.api('POST', '/api/password-resets', { body: { token, password } });
const request = (email: string, flow?: 'client' | 'team') =>
  stack.api('POST', '/api/password-resets', { body: flow ? { email, flow } : { email } });

async function streamTypes(user: TestUser): Promise<string[]> {
  const slice = await stack.local.runtime.store.readStream(userStream(user.sub));
  return slice.events.map((event) => event.type);
}

describe('password reset by a mailed link', () => {
  it(
    'the embedded Cognito sends no ForgotPassword code to an unverified e-mail, as Cognito does; the link resets ' +
      'the password, proves the address, and is single use',
    async () => {
      const user = await stack.signUpClient();
      // The app client hides user existence: an unverified account is answered like any other, and mailed nothing.
      await expect(
        cognito().send(new ForgotPasswordCommand({ ClientId: stack.local.cognito.clientId, Username: user.email })),
      ).resolves.toMatchObject({
        CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL' },
      });
      expect(await resetMails(user.email)).toEqual([]);

      const asked = await request(user.email.toUpperCase());
      expect(asked).toEqual({ status: 202, body: { message: 'Check your inbox for a password reset link.' } });
      const [mail] = await resetMails(user.email);
      expect(mail).toMatchObject({ subject: 'Reset your Design Club password', tag: 'password-reset' });
      expect(mail!.text).toContain(
        `We received a request to reset the password of your Design Club account (${user.email}).`,
      );
      expect(mail!.text).toContain(
        'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
      );
      expect(mail!.html).toContain('>Reset your password</a>');
      const { url, token } = await newestLink(user.email);
      expect(url.origin + url.pathname).toBe(`${stack.url}/auth/reset-password`);
      expect(token.startsWith(`${user.sub}.`)).toBe(true);
      // Only the token's hash is stored.
      const stored = JSON.stringify((await stack.local.runtime.store.readStream(userStream(user.sub))).events);
      expect(stored).not.toContain(token.split('.')[1]);

      const details = await check(token);
      expect(details.status).toBe(200);
      expect(details.body.email).toBe(user.email);

      const short = await complete(token, 'too short');
      expect(short).toEqual({
        status: 400,
        body: { error: { code: 'INVALID_PASSWORD', message: 'Password must be at least 12 characters.' } },
      });

      const done = await complete(token, NEW_PASSWORD);
      expect(done).toEqual({ status: 200, body: { email: user.email, message: 'Your password has been updated.' } });
      // The link proved the address (the first proof) and every session opened before it ended.
      expect(await streamTypes(user)).toEqual([
        'UserRegistered',
        'PasswordResetRequested',
        'PasswordResetCompleted',
        'EmailProven',
        'SessionsEnded',
      ]);
      expect((await stack.api('GET', '/api/me', { user })).body).toMatchObject({ error: { code: 'SESSION_REVOKED' } });
      const again = await stack.signIn(user.email, NEW_PASSWORD);
      expect(again.sub).toBe(user.sub);
      expect((await stack.api('GET', '/api/me', { user: again })).status).toBe(200);
      await expect(stack.signIn(user.email, 'CorrectHorse#2026')).rejects.toMatchObject({
        name: 'NotAuthorizedException',
      });

      // Used: refused on load and on submit, and nothing more is recorded.
      const before = await stack.eventCount();
      for (const answer of [await check(token), await complete(token, `${NEW_PASSWORD}!`)]) {
        expect(answer).toEqual({ status: 410, body: { error: { code: 'GONE', message: 'Invalid or expired link' } } });
      }
      expect(await stack.eventCount()).toBe(before);
      await stack.signIn(user.email, NEW_PASSWORD);

      // The address is now proven: Cognito's own ForgotPassword accepts it too.
      await expect(
        cognito().send(new ForgotPasswordCommand({ ClientId: stack.local.cognito.clientId, Username: user.email })),
      ).resolves.toMatchObject({ CodeDeliveryDetails: { DeliveryMedium: 'EMAIL' } });
    },
  );

  it('signs the account out everywhere: the refresh token of the old session stops working', async () => {
    const user = await stack.signUpClient();
    const { InitiateAuthCommand } = await import('@aws-sdk/client-cognito-identity-provider');
    const session = await cognito().send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: stack.local.cognito.clientId,
        AuthParameters: { USERNAME: user.email, PASSWORD: 'CorrectHorse#2026' },
      }),
    );
    const refresh = () =>
      cognito().send(
        new InitiateAuthCommand({
          AuthFlow: 'REFRESH_TOKEN_AUTH',
          ClientId: stack.local.cognito.clientId,
          AuthParameters: { REFRESH_TOKEN: session.AuthenticationResult!.RefreshToken! },
        }),
      );
    await expect(refresh()).resolves.toMatchObject({ AuthenticationResult: { IdToken: expect.any(String) } });
    await request(user.email);
    const { token } = await newestLink(user.email);
    expect((await complete(token, NEW_PASSWORD)).status).toBe(200);
    await expect(refresh()).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('the team flow links to the team reset page; a newer link replaces the older one', async () => {
    const user = await stack.signUpClient();
    await request(user.email, 'team');
    const first = await newestLink(user.email);
    expect(first.url.pathname).toBe('/team-login/reset-password');
    await request(user.email);
    const second = await newestLink(user.email);
    expect(second.token).not.toBe(first.token);
    expect((await check(first.token)).status).toBe(410);
    expect((await check(second.token)).status).toBe(200);
  });

  it('a link expires after one hour (the runtime clock)', async () => {
    const user = await stack.signUpClient();
    await request(user.email);
    const { token } = await newestLink(user.email);
    const runtime = stack.local.runtime;
    const realNow = runtime.now;
    try {
      runtime.now = () => new Date(realNow().getTime() + 3_600_000 - 60_000);
      expect((await check(token)).status).toBe(200);
      runtime.now = () => new Date(realNow().getTime() + 3_600_000 + 60_000);
      const before = await stack.eventCount();
      for (const answer of [await check(token), await complete(token, NEW_PASSWORD)]) {
        expect(answer).toEqual({ status: 410, body: { error: { code: 'GONE', message: 'Invalid or expired link' } } });
      }
      expect(await stack.eventCount()).toBe(before);
    } finally {
      runtime.now = realNow;
    }
    await expect(stack.signIn(user.email, NEW_PASSWORD)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
  });

  it('an unknown address gets the same answer, no e-mail and no event', async () => {
    const nobody = uniqueEmail('nobody');
    const before = await stack.eventCount();
    expect(await request(nobody)).toEqual({
      status: 202,
      body: { message: 'Check your inbox for a password reset link.' },
    });
    expect(await stack.local.outbox.list(nobody)).toEqual([]);
    expect(await stack.eventCount()).toBe(before);
  });

  it('refuses bad input and bad tokens with 4xx and changes nothing', async () => {
    const before = await stack.eventCount();
    for (const body of [
      {},
      { email: 'not-an-email' },
      { email: 'a@example.test', flow: 'admin' },
      { email: 'a@example.test', extra: 1 },
      'text',
    ]) {
      expect((await stack.api('POST', '/api/password-resets', { body })).status).toBe(400);
    }
    expect((await stack.api('POST', '/api/password-resets', { rawBody: '{' })).status).toBe(400);
    for (const token of [
      'x',
      'a'.repeat(150),
      `${'0'.repeat(36)}.${'A'.repeat(43)}`,
      '..',
      '%00',
      `${'a'.repeat(64)}.${'A'.repeat(43)}`,
    ]) {
      const answer = await check(token);
      expect([404, 410]).toContain(answer.status);
      expect(answer.body.error?.message).toBe('Invalid or expired link');
    }
    for (const body of [
      { token: 42 },
      { token: 'x'.repeat(300) },
      { token: 'x', email: 'a@example.test' },
      { token: 'x', password: 'y'.repeat(20), flow: 'team' },
    ]) {
      expect((await stack.api('POST', '/api/password-resets', { body })).status).toBe(400);
    }
    const user = await stack.signUpClient();
    await request(user.email);
    const { token } = await newestLink(user.email);
    for (const body of [
      { token, password: 42 },
      { token, password: 'x'.repeat(300) },
      { token, password: NEW_PASSWORD, email: 'other@example.test' },
    ]) {
      expect((await stack.api('POST', '/api/password-resets', { body })).status).toBe(400);
    }
    expect(await stack.eventCount()).toBe(before + 2);
  });

  it(
    'quotas: reset requests per address and per network address answer 429 with Retry-After, the same for unknown ' +
      'addresses',
    async () => {
      const limits = { QUOTA_PASSWORD_RESETS_PER_ADDRESS_PER_HOUR: '2', QUOTA_PASSWORD_RESETS_PER_IP_PER_HOUR: '1000' };
      const saved = Object.fromEntries(Object.keys(limits).map((key) => [key, process.env[key]]));
      Object.assign(process.env, limits);
      try {
        const user = await stack.signUpClient();
        const nobody = uniqueEmail('nobody');
        for (const email of [user.email, nobody]) {
          expect((await request(email)).status).toBe(202);
          expect((await request(email)).status).toBe(202);
        }
        const raw = await fetch(`${stack.url}/api/password-resets`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: user.email }),
        });
        expect(raw.status).toBe(429);
        expect(Number(raw.headers.get('retry-after'))).toBeGreaterThan(0);
        const refused = (await raw.json()) as { error: { code: string; message: string } };
        expect(refused.error.code).toBe('RATE_LIMITED');
        const unknown = await request(nobody);
        expect(unknown).toEqual({
          status: 429,
          body: { error: { code: 'RATE_LIMITED', message: refused.error.message } },
        });
        expect(await resetMails(user.email)).toHaveLength(2);
        // Every request above came from this test's one network address: a limit of 1 refuses the next.
        process.env.QUOTA_PASSWORD_RESETS_PER_IP_PER_HOUR = '1';
        const fresh = await request(uniqueEmail('fresh'));
        expect(fresh.status).toBe(429);
        expect(fresh.body.error?.message).toMatch(/per network address/);
      } finally {
        for (const [key, value] of Object.entries(saved)) {
          if (value === undefined) delete process.env[key];
          else process.env[key] = value;
        }
      }
    },
  );
});
