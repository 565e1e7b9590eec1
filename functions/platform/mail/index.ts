import { SesMailer } from './ses-mailer.js';
import type { Mailer } from './types.js';

export * from './types.js';

let configured: Mailer | undefined;

/**
 * SES when MAIL_FROM names a verified sender (the cloud). The embedded runtime installs its local
 * outbox with setMailer, so the outbox (local-only code) never rides along in a Lambda bundle.
 */
export function mailer(): Mailer {
  if (configured) return configured;
  if (process.env.MAIL_FROM) return (configured = new SesMailer(process.env.MAIL_FROM));
  throw new Error(
    'No mailer: set MAIL_FROM (SES), or install one with setMailer (the embedded runtime installs its outbox).',
  );
}

/** The embedded runtime (and tests) choose the mailer explicitly. */
export function setMailer(next: Mailer | undefined): void {
  configured = next;
}

/**
 * The mailer a process installed (the embedded runtime's outbox), or none: unlike `mailer()` it never
 * builds SES, so a caller that only asks to forget kept copies bundles no sending and needs no grant.
 */
export function installedMailer(): Mailer | undefined {
  return configured;
}
