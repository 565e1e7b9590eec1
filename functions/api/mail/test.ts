import { httpHandler, signedIn } from '../../http/middleware.js';
import { log } from '../../core/log.js';
import { mailer } from '../../adapters/mail/index.js';
import { testMailBody, type TestMailResponse } from '../contracts/mail.js';

/** POST /api/mail/test: sends a test e-mail through the mail adapter (SES, or the local outbox). */
export const handler = httpHandler({ body: testMailBody }, async (request) => {
  const principal = signedIn(request);
  const to = request.body.toEmail;
  const sentAt = new Date().toISOString();
  try {
    await mailer().send({
      to,
      subject: 'Design Club test email',
      text: `This is a test email from Design Club, sent at ${sentAt} at the request of ${principal.email || 'a signed-in user'}.\n\nIf you can read this, email delivery works.`,
      html: `<p>This is a test email from Design Club, sent at ${sentAt}.</p><p>If you can read this, email delivery works.</p>`,
      tag: 'test',
    });
    const body: TestMailResponse = { success: true, message: `Test email sent to ${to}` };
    return { body };
  } catch (error) {
    log.warn('Test email failed', { to, error: String(error) });
    const body: TestMailResponse = { success: false, message: 'Failed to send test email', error: (error as Error).message || String(error) };
    return { body };
  }
});
