import { restJsonError } from './rest-json.js';
import type { Answer } from './server.js';

/**
 * Amazon SES API v2's SendEmail (restJson: `POST /v2/email/outbound-emails`). Shapes and status
 * codes from the SESv2 API reference (SendEmail: Errors).
 */
export const SEND_EMAIL_PATH = '/v2/email/outbound-emails';

export const sent = (messageId: string): Answer => ({ status: 200, body: { MessageId: messageId } });

export const SES_ERROR_STATUS = {
  MessageRejected: 400,
  MailFromDomainNotVerifiedException: 400,
  AccountSuspendedException: 400,
  SendingPausedException: 400,
  LimitExceededException: 400,
  BadRequestException: 400,
  NotFoundException: 404,
  TooManyRequestsException: 429,
  InternalFailure: 500,
} as const;

export const sesError = (type: keyof typeof SES_ERROR_STATUS, message: string): Answer =>
  restJsonError(SES_ERROR_STATUS[type], type, message, 'http://internal.amazon.com/coral/com.amazonaws.simpleemailv2/');

export const SES_REFUSALS = {
  /** The sandbox: the recipient (or the sender) is not a verified identity. */
  unverified: (address: string) =>
    sesError(
      'MessageRejected',
      `Email address is not verified. The following identities failed the check in region US-EAST-1: ${address}`,
    ),
  sendingPaused: sesError('SendingPausedException', 'Sending is paused for this account.'),
  accountSuspended: sesError('AccountSuspendedException', 'The account has been suspended from sending email.'),
  throttled: sesError('TooManyRequestsException', 'Maximum sending rate exceeded.'),
  internal: sesError('InternalFailure', 'An internal error occurred.'),
} as const;
