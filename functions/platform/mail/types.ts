export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the message is for (password-reset, invite, test): shown in the local outbox. */
  tag?: string;
  /** Extra headers (e.g. List-Unsubscribe, RFC 8058): SES sends them, the local outbox keeps them. */
  headers?: Record<string, string>;
}

export interface SentMail extends MailMessage {
  id: string;
  from: string;
  sentAt: string;
}

/** One way to send mail: SES in the cloud, the local outbox in the embedded runtime. */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /**
   * Deletes the copies this mailer keeps of sent messages that carry any of `texts` (an erased
   * person's address, name, project titles), answering how many. Only the local outbox keeps copies;
   * SES keeps none the studio can read, so it has no such method.
   */
  forget?(texts: readonly string[]): Promise<number>;
}

export class MailError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MailError';
  }
}
