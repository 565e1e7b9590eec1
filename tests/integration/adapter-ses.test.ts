import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SesMailer } from '../../functions/platform/mail/ses-mailer.js';
import { MailError } from '../../functions/platform/mail/types.js';
import { SEND_EMAIL_PATH, SES_REFUSALS, sent } from '../support/aws-endpoints/sesv2.js';
import { signedScope, startAwsEndpoint, useEndpointEnv, type AwsEndpoint } from '../support/aws-endpoints/server.js';

/**
 * The SES mailer through the SESv2 client it builds itself (three attempts, the prompt services'
 * idle limit), against a local endpoint that answers SendEmail as SES does. The client reaches it by
 * AWS_ENDPOINT_URL_SESV2, the SDK's own setting.
 */
let ses: AwsEndpoint;
let restoreEnv: () => void;

beforeAll(async () => {
  ses = await startAwsEndpoint();
  restoreEnv = useEndpointEnv({ SESV2: ses.url });
});
afterAll(async () => {
  restoreEnv();
  await ses.close();
});
beforeEach(() => ses.reset());

const mailer = () => new SesMailer('Design Club <no-reply@mail.example.com>');
const message = {
  to: 'client@example.com',
  subject: 'Your project was delivered',
  text: 'Open your project to download the files.',
};

describe('SendEmail as the SDK sends it', () => {
  it('a plain-text message: sender, one recipient, subject and body in UTF-8, signed for SES', async () => {
    ses.answerInTurn(sent('0100018c-example-000001'));
    const mail = await mailer().send(message);
    expect(mail).toMatchObject({
      id: '0100018c-example-000001',
      from: 'Design Club <no-reply@mail.example.com>',
      to: 'client@example.com',
    });
    expect(ses.seen).toHaveLength(1);
    expect(ses.seen[0]).toMatchObject({ method: 'POST', url: SEND_EMAIL_PATH });
    expect(ses.seen[0]!.headers['content-type']).toBe('application/json');
    expect(signedScope(ses.seen[0]!)).toEqual({ accessKeyId: 'AKIDLOCALTEST', region: 'us-east-1', service: 'ses' });
    expect(ses.json()).toEqual({
      FromEmailAddress: 'Design Club <no-reply@mail.example.com>',
      Destination: { ToAddresses: ['client@example.com'] },
      Content: {
        Simple: {
          Subject: { Data: 'Your project was delivered', Charset: 'UTF-8' },
          Body: { Text: { Data: 'Open your project to download the files.', Charset: 'UTF-8' } },
        },
      },
    });
  });

  it('an HTML part and the one-click unsubscribe headers ride along in the simple content', async () => {
    ses.answerInTurn(sent('m-2'));
    await mailer().send({
      ...message,
      html: '<p>Open your project</p>',
      headers: {
        'List-Unsubscribe': '<https://app.example.com/unsubscribe?t=abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    const { Content } = ses.json();
    expect(Content.Simple.Body.Html).toEqual({ Data: '<p>Open your project</p>', Charset: 'UTF-8' });
    expect(Content.Simple.Headers).toEqual([
      { Name: 'List-Unsubscribe', Value: '<https://app.example.com/unsubscribe?t=abc>' },
      { Name: 'List-Unsubscribe-Post', Value: 'List-Unsubscribe=One-Click' },
    ]);
  });
});

describe("SES's refusals and the SDK's retries", () => {
  it(
    'a throttled send (429 TooManyRequestsException) is ' + 'retried, with the same message, and the retry sends it',
    async () => {
      ses.answerInTurn(SES_REFUSALS.throttled, sent('m-3'));
      expect((await mailer().send(message)).id).toBe('m-3');
      expect(ses.seen).toHaveLength(2);
      expect(ses.json(1)).toEqual(ses.json(0));
    },
  );

  it('a 500 on every attempt: three attempts, then a MailError', async () => {
    ses.answerInTurn(SES_REFUSALS.internal);
    await expect(mailer().send(message)).rejects.toBeInstanceOf(MailError);
    expect(ses.seen).toHaveLength(3);
  });

  it.each([
    [
      'an unverified identity in the sandbox (MessageRejected)',
      SES_REFUSALS.unverified('client@example.com'),
      /Email address is not verified.*client@example\.com/,
    ],
    ['sending paused for the account', SES_REFUSALS.sendingPaused, /Sending is paused/],
    ['a suspended account', SES_REFUSALS.accountSuspended, /suspended/],
  ])('%s: not retried, a MailError that says why', async (_case, refusal, why) => {
    ses.answerInTurn(refusal);
    await expect(mailer().send(message)).rejects.toSatisfy(
      (error: unknown) => error instanceof MailError && why.test(error.message),
    );
    expect(ses.seen).toHaveLength(1);
  });
});
