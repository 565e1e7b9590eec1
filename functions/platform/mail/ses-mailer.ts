import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { newId } from '../ids.js';
import { requestHandlerOptions, MIDDLEWARE_RESOLVED_ONCE } from '../aws/sdk-config.js';
import { MailError, type MailMessage, type Mailer, type SentMail } from './types.js';
import { prepareMail } from './headers.js';
import { captureAwsClient } from '../observability/tracing.js';

/** Amazon SES v2, from the verified sender identity in MAIL_FROM. */
export class SesMailer implements Mailer {
  private readonly client: SESv2Client;

  constructor(
    private readonly from: string,
    client?: SESv2Client,
  ) {
    this.client =
      client ??
      captureAwsClient(
        new SESv2Client({ maxAttempts: 3, requestHandler: requestHandlerOptions(), ...MIDDLEWARE_RESOLVED_ONCE }),
      );
  }

  async send(unchecked: MailMessage): Promise<SentMail> {
    // One recipient, a one-line subject, checked extra headers; SES's Simple content encodes them.
    const message = prepareMail(unchecked);
    try {
      const result = await this.client.send(
        new SendEmailCommand({
          FromEmailAddress: this.from,
          Destination: { ToAddresses: [message.to] },
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: {
                Text: { Data: message.text, Charset: 'UTF-8' },
                ...(message.html ? { Html: { Data: message.html, Charset: 'UTF-8' } } : {}),
              },
              ...(Object.keys(message.headers).length
                ? { Headers: Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value })) }
                : {}),
            },
          },
        }),
      );
      return { ...message, id: result.MessageId ?? newId(), from: this.from, sentAt: new Date().toISOString() };
    } catch (error) {
      throw new MailError(`Email could not be sent: ${(error as Error).message}`);
    }
  }
}
