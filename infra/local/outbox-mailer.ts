import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newId } from '../../functions/platform/ids.js';
import { MailError, type MailMessage, type Mailer, type SentMail } from '../../functions/platform/mail/types.js';
import { formatAddress, mimeHeaderLines, prepareMail } from '../../functions/platform/mail/headers.js';

/** A text part and an HTML part, as a mail program shows them (the .json twin keeps both as they are). */
function alternative(text: string, html: string, id: string): string[] {
  const boundary = `=_${id}`;
  return [
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    text,
    `--${boundary}`,
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    `--${boundary}--`,
  ];
}

/**
 * The embedded runtime's mail: every message is written to a folder as an .eml file (open it with
 * any mail program) and a .json twin the local outbox page (/outbox) and tests read. Addresses in
 * the reserved `.invalid` domain (RFC 2606) are refused with a MailError, as a real provider would
 * fail them: use one (e.g. `someone@example.invalid`) to see the product's failed-e-mail paths.
 */
export class OutboxMailer implements Mailer {
  constructor(
    readonly directory: string,
    private readonly from = formatAddress('Design Club', 'no-reply@designclub.local'),
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    // The headers are built where SES's are (functions/platform/mail/headers.ts): one recipient,
    // one-line subject, no header a name or title could add.
    const mail = prepareMail(message);
    // `.invalid` is reserved (RFC 2606): no such mailbox can exist. Refusing it gives the embedded
    // runtime a real delivery failure to exercise (e.g. 'Invite created but email failed to send').
    if (/\.invalid$/i.test(mail.to))
      throw new MailError(`Email could not be sent: ${mail.to} is not a deliverable address`);
    await mkdir(this.directory, { recursive: true });
    const sent: SentMail = { ...mail, id: newId(), from: this.from, sentAt: new Date().toISOString() };
    const eml = [
      ...mimeHeaderLines(mail, {
        from: sent.from,
        date: new Date(sent.sentAt),
        messageId: `${sent.id}@designclub.local`,
      }),
      ...(sent.html
        ? alternative(sent.text, sent.html, sent.id)
        : ['Content-Type: text/plain; charset=utf-8', '', sent.text]),
    ].join('\r\n');
    await writeFile(join(this.directory, `${sent.id}.eml`), eml);
    await writeFile(join(this.directory, `${sent.id}.json`), JSON.stringify(sent, null, 2));
    return sent;
  }

  async forget(texts: readonly string[]): Promise<number> {
    const needles = texts.map((text) => text.toLowerCase()).filter((text) => text.length >= 4);
    if (needles.length === 0) return 0;
    let forgotten = 0;
    for (const name of await readdir(this.directory).catch(() => [] as string[])) {
      if (!name.endsWith('.json')) continue;
      const raw = (await readFile(join(this.directory, name), 'utf8').catch(() => '')).toLowerCase();
      // The .eml twin holds the same message, its headers encoded: the .json decides for both.
      if (!needles.some((needle) => raw.includes(needle) || raw.includes(JSON.stringify(needle).slice(1, -1))))
        continue;
      const id = name.slice(0, -'.json'.length);
      await rm(join(this.directory, `${id}.eml`), { force: true });
      await rm(join(this.directory, name), { force: true });
      forgotten += 1;
    }
    return forgotten;
  }

  /** Newest first; optionally only the messages to one address. */
  async list(to?: string): Promise<SentMail[]> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const messages = await Promise.all(
      names
        .filter((name) => name.endsWith('.json'))
        .map(async (name) => JSON.parse(await readFile(join(this.directory, name), 'utf8')) as SentMail),
    );
    return messages
      .filter((message) => !to || message.to.toLowerCase() === to.toLowerCase())
      .sort((a, b) => (a.id < b.id ? 1 : -1));
  }
}
