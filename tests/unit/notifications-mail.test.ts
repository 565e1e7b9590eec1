import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeMail } from '../../functions/features/notifications/mail.js';
import type { PendingMail } from '../../functions/features/notifications/store.js';
import { readUnsubscribeToken, unsubscribeToken } from '../../functions/features/notifications/unsubscribe-token.js';

const line = (overrides: Partial<PendingMail> = {}): PendingMail => ({
  id: '01JDZZZZZZZZZZZZZZZZZZZZZZ',
  kind: 'status',
  project_id: 'P1',
  project_title: '<img src=x onerror=alert(1)> Loft',
  message: '<img src=x onerror=alert(1)> Loft is now Delivered',
  link: '/dashboard?project=P1',
  at: '2026-11-24T10:00:00.000Z',
  recipient: 'sub:u1',
  sub: 'u1',
  email: 'client@example.test',
  mode: 'immediate',
  ...overrides,
});

let saved: Record<string, string | undefined>;
beforeEach(() => {
  saved = { SITE_URL: process.env.SITE_URL, NOTIFICATIONS_KEY: process.env.NOTIFICATIONS_KEY };
  process.env.SITE_URL = 'https://app.example.test/';
  process.env.NOTIFICATIONS_KEY = 'unit-test-key';
});
afterEach(() => Object.assign(process.env, saved));

describe('notification e-mail', () => {
  it('escapes what people typed in the HTML part; the text part and subject carry it as text', () => {
    const mail = composeMail([line()], { digest: false });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62; Loft');
    expect(mail.text).toContain('https://app.example.test/dashboard?project=P1');
    expect(mail.subject).toBe('<img src=x onerror=alert(1)> Loft is now Delivered');
  });

  it('an account gets the RFC 8058 headers with a token for its kind; header values hold no line breaks', () => {
    const mail = composeMail([line({ message: 'Loft\r\nBcc: victim@example.test is now Delivered' })], {
      digest: false,
    });
    expect(mail.subject).toBe('Loft Bcc: victim@example.test is now Delivered');
    expect(mail.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    for (const value of Object.values(mail.headers!)) expect(value).not.toMatch(/[\r\n]/);
    const token = new URL(mail.headers!['List-Unsubscribe']!.slice(1, -1)).searchParams.get('token')!;
    expect(readUnsubscribeToken(token)).toEqual({ sub: 'u1', kind: 'status' });
    expect(composeMail([line(), line({ id: '01JDZZZZZZZZZZZZZZZZZZZZZY' })], { digest: true }).subject).toBe(
      'Your Design Club digest: 2 updates',
    );
  });

  it('an address without an account gets no unsubscribe header (nothing to turn off)', () => {
    expect(composeMail([line({ sub: null, recipient: 'email:x@example.test' })], { digest: false }).headers).toEqual(
      {},
    );
  });

  it('tokens: another key, another account, a changed kind or a truncated signature are refused', () => {
    const token = unsubscribeToken('u1', 'comment');
    const [payload, signature] = token.split('.') as [string, string];
    expect(readUnsubscribeToken(token)).toEqual({ sub: 'u1', kind: 'comment' });
    expect(
      readUnsubscribeToken(
        `${Buffer.from(JSON.stringify({ u: 'u2', k: 'comment' })).toString('base64url')}.${signature}`,
      ),
    ).toBeNull();
    expect(readUnsubscribeToken(`${payload}.${signature.slice(0, -1)}`)).toBeNull();
    expect(readUnsubscribeToken(`${payload}.${signature}.x`)).toBeNull();
    process.env.NOTIFICATIONS_KEY = 'another-key';
    expect(readUnsubscribeToken(token)).toBeNull();
  });
});
