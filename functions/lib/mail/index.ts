import { OutboxMailer } from './outbox-mailer.js';
import { SesMailer } from './ses-mailer.js';
import type { Mailer } from './types.js';

export * from './types.js';
export { OutboxMailer } from './outbox-mailer.js';

let configured: Mailer | undefined;

/** SES when MAIL_FROM names a verified sender (the cloud); the local outbox under MAIL_OUTBOX_DIR otherwise. */
export function mailer(): Mailer {
  if (configured) return configured;
  if (process.env.MAIL_FROM && !process.env.MAIL_OUTBOX_DIR) return (configured = new SesMailer(process.env.MAIL_FROM));
  return (configured = new OutboxMailer(process.env.MAIL_OUTBOX_DIR ?? '.data/outbox'));
}

/** The embedded runtime (and tests) choose the mailer explicitly. */
export function setMailer(next: Mailer | undefined): void {
  configured = next;
}
