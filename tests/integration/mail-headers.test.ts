import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SentMail } from '../../functions/platform/mail/index.js';
import { sendDigests } from '../../functions/features/notifications/deliver.js';
import { TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Issue 34, attack 10: every kind of mail the product sends, with hostile names and titles in it,
 * reaches the outbox with exactly the headers the product sets and exactly one recipient. The .eml
 * file is what a mail program would read, so the headers are checked there, not in the JSON twin.
 */
const HOSTILE = {
  crlfBcc: 'Mallory\r\nBcc: attacker@evil.test',
  lfReplyTo: 'Eve\nReply-To: attacker@evil.test',
  crOnly: 'Carol\rCc: attacker@evil.test',
  nul: 'Nul\u0000Bcc: attacker@evil.test',
  commasQuotes: 'Smith, "Jo" <attacker@evil.test>, other@evil.test',
  separators: 'Line\u2028Bcc: attacker@evil.test\u2029Para\u0085Next',
  unicode: 'Ünïcødé 日本語 équipe 🏠',
} as const;
const LONG = 'Very long name '.repeat(6).trim();

let stack: TestStack;
let admin: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  admin = await stack.admin();
}, 60_000);
afterAll(() => stack?.stop());

/** The header block of a sent mail's .eml, unfolded, as [name, value] pairs in order. */
async function emlHeaders(mail: SentMail): Promise<{ raw: string; headers: [string, string][] }> {
  const eml = await readFile(join(stack.local.outbox.directory, `${mail.id}.eml`), 'utf8');
  const raw = eml.slice(0, eml.indexOf('\r\n\r\n'));
  const headers = raw
    .replace(/\r\n[ \t]/g, ' ')
    .split('\r\n')
    .map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon), line.slice(colon + 1).trim()] as [string, string];
    });
  return { raw, headers };
}

const BASE = ['From', 'To', 'Subject', 'Date', 'Message-ID', 'MIME-Version', 'Content-Type'];

/** Exactly the product's headers, one recipient, and nothing a name or title could have added. */
async function expectClean(mail: SentMail, to: string, extra: string[] = []) {
  const { raw, headers } = await emlHeaders(mail);
  expect(headers.map(([name]) => name).sort(), raw).toEqual([...BASE, ...extra].sort());
  expect(headers.find(([name]) => name === 'To')![1]).toBe(to.toLowerCase());
  // No line break but the CRLF that ends a header, no control character, no Unicode separator.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: it finds the control characters a header must not carry.
  expect(raw.split('\r\n').every((line) => !/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(line))).toBe(true);
  expect(raw).not.toMatch(/^(bcc|cc|reply-to):/im);
  // An encoded word is at most 75 characters (RFC 2047); a line at most 998 octets (RFC 5322).
  expect(raw.split('\r\n').every((line) => Buffer.byteLength(line) <= 998)).toBe(true);
  for (const word of raw.match(/=\?[^?]+\?[BQ]\?[^?]*\?=/g) ?? []) expect(word.length).toBeLessThanOrEqual(75);
  // The JSON twin (what the app shows) has the same single-line subject.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: it finds the control characters a subject must not carry.
  expect(mail.subject).not.toMatch(/[\r\n\u2028\u2029\u0000]/);
  return Object.fromEntries(headers);
}

const decodeSubject = (value: string) =>
  value
    .replace(/=\?UTF-8\?B\?([^?]*)\?=\s?/g, (_all, base64: string) => Buffer.from(base64, 'base64').toString('utf8'))
    .trim();

const latest = async (to: string, tag: string) =>
  (await stack.local.outbox.list(to)).filter((mail) => mail.tag === tag);

describe('attack 10: hostile names and titles never add a header or a recipient', () => {
  it('team invitations: the inviter name and the team name, each hostile', async () => {
    for (const [label, hostile] of Object.entries({ ...HOSTILE, long: LONG })) {
      const inviter = await stack.provenClient();
      expect(
        (await stack.api('PATCH', '/api/me/profile', { user: inviter, body: { full_name: hostile } })).status,
        label,
      ).toBe(200);
      const team = await stack.api('POST', '/api/team', { user: inviter, body: { name: hostile.slice(0, 100) } });
      expect(team.status, `${label}: ${JSON.stringify(team.body)}`).toBe(201);
      const invited = uniqueEmail('invited');
      expect(
        (await stack.api('POST', '/api/team/invites', { user: inviter, body: { email: invited } })).status,
        label,
      ).toBe(201);
      const [mail] = await latest(invited, 'team-invite');
      expect(mail, label).toBeDefined();
      const headers = await expectClean(mail!, invited);
      expect(decodeSubject(headers.Subject!)).toContain('invited you to join');
      expect((await stack.local.outbox.list()).filter((sent) => /evil\.test/.test(sent.to))).toEqual([]);
    }
    const unicode = (await stack.local.outbox.list()).find(
      (mail) => mail.tag === 'team-invite' && mail.subject.startsWith(HOSTILE.unicode),
    )!;
    const { headers } = await emlHeaders(unicode);
    // Non-ASCII text is sent as RFC 2047 encoded words, and reads back as it was typed.
    expect(headers.find(([name]) => name === 'Subject')![1]).toMatch(/^=\?UTF-8\?B\?/);
    expect(decodeSubject(headers.find(([name]) => name === 'Subject')![1])).toBe(unicode.subject);
  });

  it('designer invitations, password resets and test e-mails', async () => {
    const designerEmail = uniqueEmail('designer');
    expect((await stack.api('POST', '/api/designers', { user: admin, body: { email: designerEmail } })).status).toBe(
      201,
    );
    await expectClean((await latest(designerEmail, 'designer-invite'))[0]!, designerEmail);

    const client = await stack.provenClient({ name: HOSTILE.crlfBcc });
    expect((await stack.api('POST', '/api/password-resets', { body: { email: client.email } })).status).toBe(202);
    await expectClean((await latest(client.email, 'password-reset'))[0]!, client.email);

    expect((await stack.api('POST', '/api/mail/test', { user: client, body: { toEmail: client.email } })).status).toBe(
      200,
    );
    await expectClean((await latest(client.email, 'test'))[0]!, client.email);
  });

  it('a hostile recipient is refused by the test e-mail and the password reset, and nothing is sent', async () => {
    const before = (await stack.local.outbox.list()).length;
    for (const toEmail of [
      'victim@example.test\r\nBcc: attacker@evil.test',
      'victim@example.test, attacker@evil.test',
      '"Victim" <victim@example.test>',
    ]) {
      const sent = await stack.api('POST', '/api/mail/test', { user: admin, body: { toEmail } });
      expect(sent.status === 400 || sent.body?.success === false, JSON.stringify(sent.body)).toBe(true);
      expect((await stack.api('POST', '/api/password-resets', { body: { email: toEmail } })).status).toBe(400);
    }
    // The embedded Cognito's code mails go to the outbox directly: the mailer itself holds the line.
    for (const to of ['x@example.test\r\nBcc: y@evil.test', 'a@example.test,b@evil.test']) {
      await expect(stack.local.outbox.send({ to, subject: 'Your code', text: '123456' })).rejects.toThrow(
        /not one valid e-mail address/,
      );
    }
    expect((await stack.local.outbox.list()).length).toBe(before);
  });

  it('notification e-mails and the digest: hostile project titles', async () => {
    const owner = await stack.signUpClient();
    const designer = await stack.designer();
    for (const [label, title] of Object.entries(HOSTILE)) {
      const created = await stack.api('POST', '/api/projects', { user: owner, body: minimalProject({ title }) });
      expect(created.status, `${label}: ${JSON.stringify(created.body)}`).toBe(201);
      const id = created.body.project.id as string;
      await stack.settle();
      expect(
        (
          await stack.api('PATCH', `/api/projects/${id}`, {
            user: admin,
            body: { designer: { designer_id: designer.sub } },
          })
        ).status,
      ).toBe(200);
      await stack.settle();
      expect(
        (await stack.api('PATCH', `/api/projects/${id}`, { user: designer, body: { status: 'in_progress' } })).status,
      ).toBe(200);
      await stack.settle();
      const mail = (await latest(owner.email, 'notification')).find((sent) => sent.text.includes(`project=${id}`));
      expect(mail, label).toBeDefined();
      await expectClean(mail!, owner.email, ['List-Unsubscribe', 'List-Unsubscribe-Post']);
      // Comments go to the digest by default.
      const posted = await stack.api('POST', `/api/projects/${id}/comments`, {
        user: designer,
        body: { content: `A note on ${label}.` },
      });
      await stack.settle();
      await stack.api('POST', `/api/comments/${posted.body.comment.id}/approve`, {
        user: admin,
        body: { project_id: id },
      });
      await stack.settle();
    }
    await sendDigests(stack.local.runtime);
    const [digest] = await latest(owner.email, 'notification-digest');
    expect(digest).toBeDefined();
    await expectClean(digest!, owner.email, ['List-Unsubscribe', 'List-Unsubscribe-Post']);
  });
});
