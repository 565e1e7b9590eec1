import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readAll } from '../../functions/platform/event-store/event-log.js';
import { PUBLIC_ACTIONS } from '../../infra/local/cognito/shim-actions.js';
import { TestStack, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Issue 34, attacks 5–9: what the embedded Cognito (cognito-local behind the shim) let through and
 * the deployed pool refuses. Each is sent as an attacker sends it, to `npm start`'s public
 * `/cognito` endpoint: it is refused the way Cognito refuses it, the event store holds exactly what
 * it held before, and no e-mail leaves that Cognito would not send.
 */
const PASSWORD = 'CorrectHorse#2026';

let stack: TestStack;

beforeAll(async () => {
  stack = await TestStack.start();
}, 60_000);
afterAll(() => stack?.stop());

interface Answer {
  status: number;
  body: Record<string, any> | null;
}

/** One call of Cognito's JSON protocol, as any browser or script can send it. */
async function cognito(action: string, body: unknown, raw?: string): Promise<Answer> {
  const response = await fetch(`${stack.url}/cognito`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.1',
      'x-amz-target': `AWSCognitoIdentityProviderService.${action}`,
    },
    body: raw ?? JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: Record<string, any> | null = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  return { status: response.status, body: parsed };
}

const clientId = () => stack.local.cognito.clientId;

const refused = (type: string, message?: string | RegExp) => ({
  status: 400,
  body: expect.objectContaining({
    __type: type,
    ...(message ? { message: typeof message === 'string' ? message : expect.stringMatching(message) } : {}),
  }),
});

/** Every stored event, as `stream@version type`: what a refused attack must leave as it was. */
async function history(): Promise<string[]> {
  await stack.settle();
  const events: string[] = [];
  for await (const commit of readAll(stack.local.runtime.store))
    for (const event of commit.events) events.push(`${event.streamId}@${event.version} ${event.type}`);
  return events.sort();
}

const mailsTo = async (address: string) => stack.local.outbox.list(address);

async function signIn(email: string, password = PASSWORD) {
  return cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId(),
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
}

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('Attack 5: guessing a reset code, and mailing codes without end', () => {
  it('40 wrong codes, then the right one: the guesses run out after five and the admin keeps the account', async () => {
    const admin = stack.local.seeded.admin;
    const before = await history();
    expect(await cognito('ForgotPassword', { ClientId: clientId(), Username: admin.email })).toMatchObject({
      status: 200,
    });
    const code = new URL(/(http\S+)/.exec((await mailsTo(admin.email))[0]!.text)![1]!).searchParams.get('code')!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const answers: string[] = [];
    for (let guess = 0; guess < 40; guess += 1) {
      const answer = await cognito('ConfirmForgotPassword', {
        ClientId: clientId(),
        Username: admin.email,
        ConfirmationCode: wrong,
        Password: 'Taken over by Mallory 2026',
      });
      answers.push(`${answer.status} ${answer.body?.__type}`);
    }
    expect(answers.slice(0, 5)).toEqual(Array(5).fill('400 CodeMismatchException'));
    expect(answers.slice(5)).toEqual(Array(35).fill('400 LimitExceededException'));

    const right = await cognito('ConfirmForgotPassword', {
      ClientId: clientId(),
      Username: admin.email,
      ConfirmationCode: code,
      Password: 'Taken over by Mallory 2026',
    });
    expect(right).toEqual(refused('LimitExceededException', 'Attempt limit exceeded, please try after some time.'));
    expect((await signIn(admin.email, 'Taken over by Mallory 2026')).body).toMatchObject({
      __type: 'NotAuthorizedException',
    });
    expect((await signIn(admin.email, admin.password)).status).toBe(200);
    expect(await history()).toEqual(before);
  });

  it('eight ForgotPassword calls for one address send five code e-mails; the rest are refused', async () => {
    const designer = stack.local.seeded.designer;
    const mailsBefore = (await mailsTo(designer.email)).length;
    const before = await history();
    const answers: string[] = [];
    for (let call = 0; call < 8; call += 1) {
      const answer = await cognito('ForgotPassword', { ClientId: clientId(), Username: designer.email });
      answers.push(`${answer.status} ${answer.body?.__type ?? 'sent'}`);
    }
    expect(answers).toEqual([...Array(5).fill('200 sent'), ...Array(3).fill('400 LimitExceededException')]);
    expect((await mailsTo(designer.email)).length - mailsBefore).toBe(5);
    expect(await history()).toEqual(before);
  });

  it('a code is single use, and a new code replaces the old one', async () => {
    const user = await verifiedUser();
    await cognito('ForgotPassword', { ClientId: clientId(), Username: user.email });
    const first = await resetCode(user.email);
    await cognito('ForgotPassword', { ClientId: clientId(), Username: user.email });
    const second = await resetCode(user.email);
    if (first !== second) {
      expect(
        await cognito('ConfirmForgotPassword', {
          ClientId: clientId(),
          Username: user.email,
          ConfirmationCode: first,
          Password: 'Replaced code 2026 pass',
        }),
      ).toEqual(refused('CodeMismatchException'));
    }
    expect(
      (
        await cognito('ConfirmForgotPassword', {
          ClientId: clientId(),
          Username: user.email,
          ConfirmationCode: second,
          Password: 'Second code 2026 pass',
        })
      ).status,
    ).toBe(200);
    expect(
      await cognito('ConfirmForgotPassword', {
        ClientId: clientId(),
        Username: user.email,
        ConfirmationCode: second,
        Password: 'Used twice 2026 pass',
      }),
    ).toEqual(refused('CodeMismatchException'));
    expect((await signIn(user.email, 'Second code 2026 pass')).status).toBe(200);
  });
});

describe('Attack 6: which addresses exist', () => {
  it(
    'ForgotPassword answers alike for an unknown address, an unverified client and a real account, and mails only ' +
      'the real one',
    async () => {
      const unknown = uniqueEmail('nobody');
      const client = await stack.signUpClient({}, uniqueEmail('unverified'));
      const real = await verifiedUser();
      const resetMails = async (address: string) =>
        (await mailsTo(address)).filter((mail) => mail.subject === 'Reset your Design Club password').length;
      const [clientMails, realMails] = [await resetMails(client.email), await resetMails(real.email)];
      const before = await history();
      const shape = (answer: Answer) => ({
        status: answer.status,
        keys: Object.keys(answer.body ?? {}),
        delivery: answer.body?.CodeDeliveryDetails && {
          ...answer.body.CodeDeliveryDetails,
          Destination: typeof answer.body.CodeDeliveryDetails.Destination,
        },
      });
      const answers = [
        await cognito('ForgotPassword', { ClientId: clientId(), Username: unknown }),
        await cognito('ForgotPassword', { ClientId: clientId(), Username: client.email }),
        await cognito('ForgotPassword', { ClientId: clientId(), Username: real.email }),
      ];
      const expected = {
        status: 200,
        keys: ['CodeDeliveryDetails'],
        delivery: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: 'string' },
      };
      expect(answers.map(shape)).toEqual([expected, expected, expected]);
      // The answer names no address (Cognito masks it), so it confirms none either.
      for (const answer of answers) expect(answer.body!.CodeDeliveryDetails.Destination).toMatch(/^.\*\*\*@.\*\*\*$/);
      expect(await mailsTo(unknown)).toEqual([]);
      expect(await resetMails(client.email)).toBe(clientMails);
      expect(await resetMails(real.email)).toBe(realMails + 1);
      expect(await history()).toEqual(before);
    },
  );

  it('sign-in and ConfirmForgotPassword answer an unknown user as they answer a known one', async () => {
    const unknown = uniqueEmail('nobody');
    expect(await signIn(unknown)).toEqual(refused('NotAuthorizedException', 'Incorrect username or password.'));
    expect(await signIn(stack.local.seeded.designer.email, 'not the password at all')).toEqual(
      refused('NotAuthorizedException', 'Incorrect username or password.'),
    );
    expect(
      await cognito('ConfirmForgotPassword', {
        ClientId: clientId(),
        Username: unknown,
        ConfirmationCode: '123456',
        Password: PASSWORD,
      }),
    ).toEqual(refused('CodeMismatchException'));
    expect(
      await cognito('ConfirmForgotPassword', {
        ClientId: clientId(),
        Username: (await verifiedUser()).email,
        ConfirmationCode: '123456',
        Password: PASSWORD,
      }),
    ).toEqual(refused('CodeMismatchException'));
    expect((await cognito('ResendConfirmationCode', { ClientId: clientId(), Username: unknown })).status).toBe(200);
    expect(await mailsTo(unknown)).toEqual([]);
  });
});

describe('Attack 7: an e-mail change made active and verified at once', () => {
  it(
    'the new address stays pending: the old one signs in, the token keeps it, test mail and a leaked invitation for ' +
      'the new one are refused',
    async () => {
      const mallory = await stack.signUpClient({ name: 'Mallory' }, uniqueEmail('mallory'));
      const stranger = uniqueEmail('stranger');
      const admin = await stack.admin();
      expect((await stack.api('POST', '/api/designers', { user: admin, body: { email: stranger } })).status).toBe(201);
      await stack.settle();
      const token = /token=([A-Za-z0-9_-]+)/.exec(
        (await mailsTo(stranger)).find((mail) => mail.tag === 'designer-invite')!.text,
      )![1]!;
      const before = await history();

      const session = (await signIn(mallory.email)).body!.AuthenticationResult;
      // Writing email_verified herself is not allowed.
      const forged = await cognito('UpdateUserAttributes', {
        AccessToken: session.AccessToken,
        UserAttributes: [
          { Name: 'email', Value: stranger },
          { Name: 'email_verified', Value: 'true' },
        ],
      });
      expect(forged).toEqual(refused('NotAuthorizedException', 'A client attempted to write unauthorized attribute'));

      const changed = await cognito('UpdateUserAttributes', {
        AccessToken: session.AccessToken,
        UserAttributes: [{ Name: 'email', Value: stranger }],
      });
      expect(changed).toMatchObject({
        status: 200,
        body: {
          CodeDeliveryDetailsList: [
            {
              AttributeName: 'email',
              DeliveryMedium: 'EMAIL',
              Destination: expect.stringMatching(/^s\*\*\*@e\*\*\*$/),
            },
          ],
        },
      });
      // Cognito mails the code to the new address (its holder alone can prove it); the old one stays.
      expect((await mailsTo(stranger)).filter((mail) => mail.tag === 'cognito')).toHaveLength(1);
      expect(await signIn(stranger)).toEqual(refused('NotAuthorizedException', 'Incorrect username or password.'));
      const again = (await signIn(mallory.email)).body!.AuthenticationResult;
      expect(claimsOf(again.IdToken)).toMatchObject({ email: mallory.email });
      const user = (await cognito('GetUser', { AccessToken: again.AccessToken })).body!;
      expect(user.UserAttributes).toContainEqual({ Name: 'email', Value: mallory.email });
      expect(user.UserAttributes).not.toContainEqual({ Name: 'email_verified', Value: 'true' });

      const holder: TestUser = { email: mallory.email, idToken: again.IdToken, sub: mallory.sub };
      expect((await stack.api('POST', '/api/mail/test', { user: holder, body: { toEmail: stranger } })).status).toBe(
        403,
      );
      expect(
        (await stack.api('POST', `/api/designer-invites/${token}/accept`, { user: holder })).status,
      ).toBeGreaterThanOrEqual(400);
      // Guessing the code sent to the stranger runs out like any other.
      const guesses: string[] = [];
      for (let guess = 0; guess < 7; guess += 1)
        guesses.push(
          (
            await cognito('VerifyUserAttribute', {
              AccessToken: again.AccessToken,
              AttributeName: 'email',
              Code: '000000',
            })
          ).body!.__type,
        );
      expect(guesses).toEqual([
        ...Array(5).fill('CodeMismatchException'),
        'LimitExceededException',
        'LimitExceededException',
      ]);
      expect(await history()).toEqual(before);
    },
  );

  it('the code sent to the new address switches it, verified, and only then', async () => {
    const owner = await stack.signUpClient({}, uniqueEmail('mover'));
    const next = uniqueEmail('moved');
    const session = (await signIn(owner.email)).body!.AuthenticationResult;
    expect(
      (
        await cognito('UpdateUserAttributes', {
          AccessToken: session.AccessToken,
          UserAttributes: [{ Name: 'email', Value: next }],
        })
      ).status,
    ).toBe(200);
    const code = /(\d{6})/.exec((await mailsTo(next))[0]!.text)![1]!;
    expect(
      (await cognito('VerifyUserAttribute', { AccessToken: session.AccessToken, AttributeName: 'email', Code: code }))
        .status,
    ).toBe(200);
    const moved = (await signIn(next)).body!.AuthenticationResult;
    expect(claimsOf(moved.IdToken)).toMatchObject({ email: next });
    expect((await cognito('GetUser', { AccessToken: moved.AccessToken })).body!.UserAttributes).toContainEqual({
      Name: 'email_verified',
      Value: 'true',
    });
    expect(
      await cognito('VerifyUserAttribute', { AccessToken: session.AccessToken, AttributeName: 'email', Code: code }),
    ).toEqual(refused('CodeMismatchException'));
  });

  it('an address another account uses cannot be taken over by a change', async () => {
    const owner = await stack.signUpClient({}, uniqueEmail('alias'));
    const session = (await signIn(owner.email)).body!.AuthenticationResult;
    expect(
      await cognito('UpdateUserAttributes', {
        AccessToken: session.AccessToken,
        UserAttributes: [{ Name: 'email', Value: stack.local.seeded.admin.email }],
      }),
    ).toEqual(refused('AliasExistsException'));
  });
});

const HOSTILE_ADDRESSES = [
  'x@example.com\r\nBcc: y@example.com',
  'a@example.com,b@example.com',
  '"Eve" <eve@example.com>',
  'eve@example.com (Eve)',
  'a@example.com b@example.com',
  'a@example.com\n',
];

describe('Attack 8: sign-up with an address that is not one address', () => {
  it.each(HOSTILE_ADDRESSES)('%j is refused at SignUp: no account, no event, no mail', async (address) => {
    const before = await history();
    const mailsBefore = (await stack.local.outbox.list()).length;
    const answer = await cognito('SignUp', {
      ClientId: clientId(),
      Username: address,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: address },
        { Name: 'name', Value: 'Mallory' },
      ],
    });
    expect(answer).toEqual(refused('InvalidParameterException', 'Invalid email address format.'));
    expect(await signIn(address)).toEqual(refused('NotAuthorizedException'));
    expect((await stack.local.outbox.list()).length).toBe(mailsBefore);
    expect(await history()).toEqual(before);
  });

  it('a hostile address in the e-mail attribute alone, or in UpdateUserAttributes, is refused too', async () => {
    const user = await stack.signUpClient();
    const session = (await signIn(user.email)).body!.AuthenticationResult;
    const before = await history();
    const mailsBefore = (await stack.local.outbox.list()).length;
    for (const address of HOSTILE_ADDRESSES) {
      const signUp = await cognito('SignUp', {
        ClientId: clientId(),
        Username: uniqueEmail('split'),
        Password: PASSWORD,
        UserAttributes: [{ Name: 'email', Value: address }],
      });
      expect(signUp, address).toEqual(refused('InvalidParameterException'));
      const update = await cognito('UpdateUserAttributes', {
        AccessToken: session.AccessToken,
        UserAttributes: [{ Name: 'email', Value: address }],
      });
      expect(update, address).toEqual(refused('InvalidParameterException'));
    }
    expect((await stack.local.outbox.list()).length).toBe(mailsBefore);
    expect(await history()).toEqual(before);
  });
});

describe('Attack 9: a 500 from ResendConfirmationCode, and a sign-up code nobody asked for', () => {
  it('ResendConfirmationCode answers as Cognito does', async () => {
    const user = await stack.signUpClient();
    expect(await cognito('ResendConfirmationCode', { ClientId: clientId(), Username: user.email })).toEqual(
      refused('InvalidParameterException', 'User is already confirmed.'),
    );
    expect(await cognito('ResendConfirmationCode', {})).toEqual(refused('InvalidParameterException'));
  });

  it('a sign-up (confirmed by PreSignUp) gets no code e-mail', async () => {
    const email = uniqueEmail('fresh');
    const answer = await cognito('SignUp', {
      ClientId: clientId(),
      Username: email,
      Password: PASSWORD,
      UserAttributes: [{ Name: 'email', Value: email }],
    });
    expect(answer).toMatchObject({ status: 200, body: { UserConfirmed: true } });
    expect(answer.body).not.toHaveProperty('CodeDeliveryDetails');
    await stack.settle();
    expect(await mailsTo(email)).toEqual([]);
  });

  it.each([...PUBLIC_ACTIONS])('%s answers every malformed body with a 400 in Cognito’s shape', async (action) => {
    const withClient = (members: Record<string, unknown>) => JSON.stringify({ ClientId: clientId(), ...members });
    const bodies = [
      '',
      'not json',
      '[]',
      '"text"',
      '{}',
      '{"ClientId":5,"Username":{},"AuthParameters":null,"AccessToken":[],"UserAttributes":"x","AuthFlow":7}',
      // The right client with members of the wrong kind: what used to reach cognito-local and crash it.
      withClient({
        Username: 5,
        Password: 5,
        ConfirmationCode: 5,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: null,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        ChallengeResponses: null,
        UserAttributes: [null],
        RefreshToken: 5,
        Token: 5,
        AccessToken: 5,
      }),
      withClient({
        Username: ['a@example.com'],
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: {} },
        ChallengeResponses: { USERNAME: [] },
        UserAttributes: [{ Name: 5 }],
        RefreshToken: {},
      }),
    ];
    for (const raw of bodies) {
      const answer = await cognito(action, undefined, raw);
      expect(answer.status, `${action} ${raw}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${action} ${raw}`).toBeLessThan(500);
      expect(answer.body, `${action} ${raw}`).toMatchObject({
        __type: expect.stringMatching(/Exception$/),
        message: expect.any(String),
      });
    }
  });
});

/** A client who has proven the address (the API's reset link verifies it): ForgotPassword serves them. */
async function verifiedUser(): Promise<{ email: string }> {
  const user = await stack.signUpClient();
  expect((await stack.api('POST', '/api/password-resets', { body: { email: user.email } })).status).toBe(202);
  const mail = (await mailsTo(user.email)).find((message) => message.tag === 'password-reset')!;
  const token = new URL(/(https?:\/\/\S+)/.exec(mail.text)![1]!).searchParams.get('token')!;
  expect((await stack.api('POST', '/api/password-resets', { body: { token, password: PASSWORD } })).status).toBe(200);
  return user;
}

async function resetCode(email: string): Promise<string> {
  const [latest] = (await mailsTo(email)).filter((mail) => mail.subject === 'Reset your Design Club password');
  return new URL(/(http\S+)/.exec(latest!.text)![1]!).searchParams.get('code')!;
}
