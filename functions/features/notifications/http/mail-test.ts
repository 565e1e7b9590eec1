import { canonicalEmail } from '#shared/email.js';
import { hasRole } from '../../../platform/http/auth.js';
import { HttpError } from '../../../platform/errors.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { log } from '../../../platform/log.js';
import { mailer } from '../../../platform/mail/index.js';
import { accountByEmail, isAdminAccount } from '../../designers/queries.js';
import { consumeQuota } from '../../../platform/quotas.js';
import { reading } from '../../../platform/views/reader.js';
import { provenEmailOf } from '../../../platform/http/email-proof.js';
import { testMailBody, type TestMailResponse } from '../mail-contracts.js';

export const TEST_MAIL_RECIPIENT_MESSAGE = 'Test emails can only be sent to your own email address or to an admin.';

/**
 * POST /api/mail/test: sends a test e-mail through the mail adapter (SES, or the local outbox). A
 * client or designer may send it only to their own address or to an admin's — never to a stranger,
 * whose complaints would cost the sender's reputation; admins (who run the mail set-up) to any
 * address. A few an hour per account, admins included.
 */
export const handler = httpHandler({ body: testMailBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = reading();
  const to = request.body.toEmail;
  // Whoever sends mail through the product has proven their own address, admins included.
  const own = await provenEmailOf(principal);
  if (
    !hasRole(principal, 'admin') &&
    canonicalEmail(to) !== own &&
    !isAdminAccount(await accountByEmail(runtime, to))
  ) {
    throw new HttpError(403, 'RECIPIENT_NOT_ALLOWED', TEST_MAIL_RECIPIENT_MESSAGE);
  }
  await consumeQuota(runtime, 'testEmails', principal.sub);
  const sentAt = new Date().toISOString();
  try {
    await mailer().send({
      to,
      subject: 'Design Club test email',
      text:
        `This is a test email from Design Club, sent at ${sentAt} at the request of ${own}.\n\nIf you can read ` +
        `this, email delivery works.`,
      html:
        `<p>This is a test email from Design Club, sent at ${sentAt}.</p><p>If you can read this, email delivery ` +
        `works.</p>`,
      tag: 'test',
    });
    const body: TestMailResponse = { success: true, message: `Test email sent to ${to}` };
    return { body };
  } catch (error) {
    log.warn('Test email failed', { to, error: String(error) });
    const body: TestMailResponse = {
      success: false,
      message: 'Failed to send test email',
      error: (error as Error).message || String(error),
    };
    return { body };
  }
});
