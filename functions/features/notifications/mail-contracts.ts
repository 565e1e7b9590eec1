import * as z from '../../../events/zod.js';

/** POST /api/mail/test (any signed-in user): test-resend (docs/product.md#calls). */
export const testMailBody = /* @__PURE__ */ (() =>
  z.object({
    toEmail: z.pipe(
      z.string().check(z.trim(), z.minLength(1, 'Please enter an email address to test.'), z.maxLength(320)),
      z.email('Please enter a valid email address'),
    ),
  }))();

/**
 * The function's answer as the spec gives it. A refused delivery is `success: false` with
 * `message: 'Failed to send test email'` and the mail service's reason in `error` (HTTP 200: the
 * call worked, the delivery did not). Locally, addresses at the reserved `.invalid` domain are refused.
 */
export interface TestMailResponse {
  success: boolean;
  message: string;
  error?: string;
}
