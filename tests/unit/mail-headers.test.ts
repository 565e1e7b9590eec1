import { describe, expect, it } from 'vitest';
import {
  encodedWords,
  formatAddress,
  headerText,
  mailAddress,
  mimeHeader,
  prepareMail,
} from '../../functions/platform/mail/headers.js';

/** Issue 34, attack 10: what reaches a header, whoever composed the mail. */
const mail = (overrides: Record<string, unknown> = {}) => ({
  to: 'client@example.test',
  subject: 'Hello',
  text: 'Hi',
  ...overrides,
});

describe('mail headers', () => {
  it('header text is one line: controls, C1, NUL and Unicode separators become one space', () => {
    expect(headerText('A\r\nBcc: x@evil.test')).toBe('A Bcc: x@evil.test');
    expect(headerText('A\rB\nC\u0000D\u0085E\u2028F\u2029G\tH\u007fI')).toBe('A B C D E F G H I');
    expect(headerText('  padded  ')).toBe('padded');
  });

  it('long text is cut on a code point, with an ellipsis', () => {
    const cut = headerText('🏠'.repeat(300), 200);
    expect(Array.from(cut)).toHaveLength(200);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('an address is exactly one addr-spec, in the canonical form', () => {
    expect(mailAddress(' Client@Example.TEST ')).toBe('client@example.test');
    for (const hostile of [
      'a@example.test\r\nBcc: b@evil.test',
      'a@example.test,b@evil.test',
      'a@example.test;b@evil.test',
      '"A" <a@example.test>',
      'a@example.test (comment)',
      'a b@example.test',
      'a@example.test\u2028',
      'not-an-address',
      '',
      `${'a'.repeat(250)}@example.test`,
    ]) {
      expect(() => mailAddress(hostile), JSON.stringify(hostile)).toThrow(/not one valid e-mail address/);
    }
  });

  it('a display name is quoted (escaped), or encoded when not ASCII', () => {
    expect(formatAddress('Design Club', 'no-reply@example.test')).toBe('"Design Club" <no-reply@example.test>');
    expect(formatAddress('Jo "the" \\ Smith, Ltd', 'jo@example.test')).toBe(
      '"Jo \\"the\\" \\\\ Smith, Ltd" <jo@example.test>',
    );
    expect(formatAddress('Bob\r\nBcc: x@evil.test', 'bob@example.test')).toBe(
      '"Bob Bcc: x@evil.test" <bob@example.test>',
    );
    expect(formatAddress('Zoë', 'zoe@example.test')).toBe(
      `=?UTF-8?B?${Buffer.from('Zoë').toString('base64')}?= <zoe@example.test>`,
    );
  });

  it('prepareMail: one recipient, a one-line subject, extra headers that cannot address anyone', () => {
    const prepared = prepareMail(
      mail({
        subject: 'Loft\r\nBcc: x@evil.test',
        headers: { 'List-Unsubscribe': '<https://a.test/u>\r\nBcc: x@evil.test' },
      }),
    );
    expect(prepared).toMatchObject({
      to: 'client@example.test',
      subject: 'Loft Bcc: x@evil.test',
      headers: { 'List-Unsubscribe': '<https://a.test/u> Bcc: x@evil.test' },
    });
    expect(prepareMail(mail({ subject: '\r\n' })).subject).toBe('(no subject)');
    for (const name of ['Bcc', 'reply-to', 'To', 'Subject', 'X-Bad\r\nBcc', 'X Bad', '']) {
      expect(() => prepareMail(mail({ headers: { [name]: 'x' } })), name).toThrow(/not a header the product may set/);
    }
    expect(() => prepareMail(mail({ to: 'a@example.test, b@evil.test' }))).toThrow();
  });

  it('raw MIME: ASCII as it is, other text as encoded words of at most 75 characters that read back as typed', () => {
    expect(mimeHeader('Subject', 'Plain subject')).toBe('Subject: Plain subject');
    const text = 'Ünïcødé 日本語 équipe 🏠 '.repeat(8).trim();
    const words = encodedWords(text);
    expect(words.every((word) => word.length <= 75)).toBe(true);
    expect(words.map((word) => Buffer.from(word.slice(10, -2), 'base64').toString('utf8')).join('')).toBe(text);
    const header = mimeHeader('Subject', text);
    expect(
      header
        .split('\r\n')
        .slice(1)
        .every((line) => line.startsWith(' ')),
    ).toBe(true);
  });
});
