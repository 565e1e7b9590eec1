import type { CustomMessageTriggerEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import {
  handler,
  isResetLinkSigned,
  plainTextOf,
  resetLink,
} from '../../functions/features/users/triggers/custom-message.js';

const event = (triggerSource: CustomMessageTriggerEvent['triggerSource'], clientMetadata?: Record<string, string>) =>
  ({
    version: '1',
    region: 'local',
    userPoolId: 'local_pool',
    userName: 'sub-1',
    triggerSource,
    callerContext: { awsSdkVersion: '3', clientId: 'client' },
    request: {
      userAttributes: { email: 'ann+test@example.com', sub: 'sub-1' },
      codeParameter: '{####}',
      usernameParameter: '{username}',
      linkParameter: '',
      clientMetadata,
    },
    response: { smsMessage: null, emailMessage: null, emailSubject: null },
  }) as unknown as CustomMessageTriggerEvent;

const saved = process.env.SITE_URL;
afterEach(() => {
  process.env.SITE_URL = saved;
});

describe('the CustomMessage trigger', () => {
  it('writes the reset e-mail with a link carrying the code placeholder (once) and the e-mail', async () => {
    process.env.SITE_URL = 'https://club.example/';
    const answer = await handler(event('CustomMessage_ForgotPassword'));
    expect(answer.response.emailSubject).toBe('Reset your Design Club password');
    const message = answer.response.emailMessage!;
    expect(message.split('{####}')).toHaveLength(2);
    expect(message).toContain(
      'href="https://club.example/auth/reset-password?code={####}&#38;email=ann%2Btest%40example.com&#38;issued=',
    );
    const text = plainTextOf(message.replace('{####}', '123456'));
    expect(text).toMatch(
      new RegExp(
        String.raw`Reset your password: https://club\.example/auth/reset-password\?` +
          String.raw`code=123456&email=ann%2Btest%40example\.com&issued=\d+`,
      ),
    );
    // The issue time is the trigger's clock, the moment the e-mail is written.
    const issued = Number(/issued=(\d+)/.exec(text)![1]);
    expect(Math.abs(issued - Date.now() / 1000)).toBeLessThan(60);
    expect(text).not.toMatch(/<[a-z]/);
  });

  it('links the team reset page when the SPA says the request comes from the team login', async () => {
    process.env.SITE_URL = 'http://localhost:3000';
    const answer = await handler(event('CustomMessage_ForgotPassword', { flow: 'team' }));
    expect(answer.response.emailMessage).toContain('http://localhost:3000/team-login/reset-password?code={####}');
  });

  it("leaves every other message to Cognito's default", async () => {
    const answer = await handler(event('CustomMessage_SignUp'));
    expect(answer.response.emailMessage).toBeNull();
  });

  it('builds links without doubled slashes', () => {
    expect(resetLink('https://a.example//', 'client', '{####}', 'x@y.z', 1_790_000_000, '')).toBe(
      'https://a.example/auth/reset-password?code={####}&email=x%40y.z&issued=1790000000',
    );
    // With the trigger's key the issue time is signed: moving it breaks the signature.
    const signed = new URL(resetLink('https://a.example', 'team', '123456', 'X@y.z', 1_790_000_000, 'k3y'));
    expect(signed.searchParams.get('issued')).toBe('1790000000');
    expect(isResetLinkSigned('k3y', 'x@y.z', 1_790_000_000, signed.searchParams.get('sig')!)).toBe(true);
    expect(isResetLinkSigned('k3y', 'x@y.z', 1_790_003_600, signed.searchParams.get('sig')!)).toBe(false);
    expect(isResetLinkSigned('other', 'x@y.z', 1_790_000_000, signed.searchParams.get('sig')!)).toBe(false);
  });
});
