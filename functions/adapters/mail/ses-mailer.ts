import { AwsJsonClient } from '../aws/json-client.js';
import { newId } from '../../core/ids.js';
import { MailError, type MailMessage, type Mailer, type SentMail } from './types.js';

/** Amazon SES v2, from the verified sender identity in MAIL_FROM. */
export class SesMailer implements Mailer {
  private readonly client: AwsJsonClient;

  constructor(
    private readonly from: string,
    options: { endpoint?: string; region?: string } = {},
  ) {
    this.client = new AwsJsonClient({ service: 'ses', hostPrefix: 'email', maxAttempts: 3, ...options });
  }

  /** SESv2 SendEmail (REST-JSON, POST /v2/email/outbound-emails). */
  async send(message: MailMessage): Promise<SentMail> {
    try {
      const result = await this.client.rest<{ MessageId?: string }>('SendEmail', {
        method: 'POST',
        path: '/v2/email/outbound-emails',
        body: JSON.stringify({
          FromEmailAddress: this.from,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: message.text, Charset: 'UTF-8' }, ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}) },
            },
          },
        }),
      });
      return { ...message, id: result.MessageId ?? newId(), from: this.from, sentAt: new Date().toISOString() };
    } catch (error) {
      throw new MailError(`Email could not be sent: ${(error as Error).message}`);
    }
  }
}
