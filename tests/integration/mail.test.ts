import {
  CognitoIdentityProviderClient,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestStack, uniqueEmail } from '../support/stack.js';

let stack: TestStack;

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

async function outboxFor(email: string) {
  const response = await fetch(`${stack.url}/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await response.json()) as { messages: { subject: string; text: string; html?: string; tag?: string }[] })
    .messages;
}

describe('POST /api/mail/test (test-resend)', () => {
  it('sends through the mail adapter: the message lands in the local outbox', async () => {
    const to = uniqueEmail('inbox');
    // Mail goes out only in the name of a proven address (issue 34).
    const user = await stack.provenClient({}, to);
    const sent = await stack.api('POST', '/api/mail/test', { user, body: { toEmail: to } });
    expect(sent).toMatchObject({ status: 200, body: { success: true, message: `Test email sent to ${to}` } });
    const [message] = await outboxFor(to);
    expect(message).toMatchObject({ subject: 'Design Club test email', tag: 'test' });
    expect((await stack.local.outbox.list(to)).filter((mail) => mail.tag === 'test')).toHaveLength(1);
  });

  it('reports a refused delivery (the local mailer refuses the reserved .invalid domain)', async () => {
    // Clients may send test e-mails only to themselves (or an admin); admins to any address.
    const user = await stack.admin();
    const before = await stack.eventCount();
    const failed = await stack.api('POST', '/api/mail/test', { user, body: { toEmail: 'nobody@example.invalid' } });
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ success: false, message: 'Failed to send test email' });
    expect(failed.body.error).toMatch(/not a deliverable address/);
    expect(await outboxFor('nobody@example.invalid')).toEqual([]);
    expect(await stack.eventCount()).toBe(before);
  });

  it("refuses a client's test e-mail to someone else's address, and sends nothing", async () => {
    const user = await stack.provenClient();
    const to = uniqueEmail('stranger');
    const refused = await stack.api('POST', '/api/mail/test', { user, body: { toEmail: to } });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error: {
          code: 'RECIPIENT_NOT_ALLOWED',
          message: 'Test emails can only be sent to your own email address or to an admin.',
        },
      },
    });
    expect(await stack.local.outbox.list(to)).toEqual([]);
    const toAdmin = await stack.api('POST', '/api/mail/test', {
      user,
      body: { toEmail: stack.local.seeded.admin.email.toUpperCase() },
    });
    expect(toAdmin.status).toBe(200);
  });

  it('needs a signed-in caller and an address', async () => {
    const user = await stack.signUpClient();
    expect((await stack.api('POST', '/api/mail/test', { body: { toEmail: 'a@example.test' } })).status).toBe(401);
    const empty = await stack.api('POST', '/api/mail/test', { user, body: { toEmail: ' ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.message).toContain('Please enter an email address to test.');
  });
});

/**
 * A client whose address is proven: Cognito's ForgotPassword (kept behind the CustomMessage trigger)
 * serves only verified addresses, and a client's sign-up verifies none; following our own reset link
 * (POST /api/password-resets) proves it.
 */
async function verifiedClient() {
  const user = await stack.signUpClient();
  expect((await stack.api('POST', '/api/password-resets', { body: { email: user.email } })).status).toBe(202);
  const mail = (await stack.local.outbox.list(user.email)).find((message) => message.tag === 'password-reset')!;
  const token = new URL(/(https?:\/\/\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
  expect(
    (await stack.api('POST', '/api/password-resets', { body: { token, password: 'CorrectHorse#2026' } })).status,
  ).toBe(200);
  return user;
}

describe('password reset mail', () => {
  it.each([
    ['client', undefined, '/auth/reset-password'],
    ['team', { flow: 'team' }, '/team-login/reset-password'],
  ] as const)(
    'the %s flow e-mails a link to its reset page carrying the code and the e-mail',
    async (_flow, metadata, path) => {
      const user = await verifiedClient();
      const eventsBefore = await stack.eventCount();
      await cognito().send(
        new ForgotPasswordCommand({
          ClientId: stack.local.cognito.clientId,
          Username: user.email,
          ClientMetadata: metadata,
        }),
      );

      const [message] = await outboxFor(user.email);
      expect(message).toMatchObject({ subject: 'Reset your Design Club password', tag: 'password-reset' });
      const link = /(http\S+)/.exec(message!.text)![1]!;
      const url = new URL(link);
      expect(url.origin).toBe(stack.url);
      expect(url.pathname).toBe(path);
      expect(url.searchParams.get('email')).toBe(user.email);
      const code = url.searchParams.get('code')!;
      expect(code).toMatch(/^\d{6}$/);
      expect(message!.html).toContain('href=');

      const newPassword = 'A brand new passphrase 2026';
      await cognito().send(
        new ConfirmForgotPasswordCommand({
          ClientId: stack.local.cognito.clientId,
          Username: user.email,
          ConfirmationCode: code,
          Password: newPassword,
        }),
      );
      await stack.settle();
      // The post-confirmation trigger fires for Cognito's reset too: it ends every earlier session.
      expect(await stack.eventCount()).toBe(eventsBefore + 1);
      expect((await stack.api('GET', '/api/me', { user })).body).toMatchObject({ error: { code: 'SESSION_REVOKED' } });
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const again = await stack.signIn(user.email, newPassword);
      expect(again.sub).toBe(user.sub);
      expect((await stack.api('GET', '/api/me', { user: again })).status).toBe(200);
    },
  );

  it('the pool refuses a new password shorter than 12 characters', async () => {
    const user = await verifiedClient();
    await cognito().send(new ForgotPasswordCommand({ ClientId: stack.local.cognito.clientId, Username: user.email }));
    const [message] = await outboxFor(user.email);
    const code = new URL(/(http\S+)/.exec(message!.text)![1]!).searchParams.get('code')!;
    await expect(
      cognito().send(
        new ConfirmForgotPasswordCommand({
          ClientId: stack.local.cognito.clientId,
          Username: user.email,
          ConfirmationCode: code,
          Password: 'short pass',
        }),
      ),
    ).rejects.toMatchObject({ name: 'InvalidPasswordException' });
  });
});
