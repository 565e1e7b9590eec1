import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { newId } from '../ids.js';
import type { MailMessage, Mailer, SentMail } from './types.js';

/**
 * The embedded runtime's mail: every message is written to a folder as an .eml file (open it with
 * any mail program) and a .json twin the local outbox page (/outbox) and tests read.
 */
export class OutboxMailer implements Mailer {
  constructor(
    readonly directory: string,
    private readonly from = 'Design Club <no-reply@designclub.local>',
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    await mkdir(this.directory, { recursive: true });
    const sent: SentMail = { ...message, id: newId(), from: this.from, sentAt: new Date().toISOString() };
    const eml = [
      `From: ${sent.from}`,
      `To: ${sent.to}`,
      `Subject: ${sent.subject}`,
      `Date: ${new Date(sent.sentAt).toUTCString()}`,
      `Message-ID: <${sent.id}@designclub.local>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      sent.text,
    ].join('\r\n');
    await writeFile(join(this.directory, `${sent.id}.eml`), eml);
    await writeFile(join(this.directory, `${sent.id}.json`), JSON.stringify(sent, null, 2));
    return sent;
  }

  /** Newest first; optionally only the messages to one address. */
  async list(to?: string): Promise<SentMail[]> {
    const names = await readdir(this.directory).catch(() => [] as string[]);
    const messages = await Promise.all(names.filter((name) => name.endsWith('.json')).map(async (name) => JSON.parse(await readFile(join(this.directory, name), 'utf8')) as SentMail));
    return messages.filter((message) => !to || message.to.toLowerCase() === to.toLowerCase()).sort((a, b) => (a.id < b.id ? 1 : -1));
  }
}
