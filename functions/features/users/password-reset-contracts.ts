import * as z from '../../../events/zod.js';

/**
 * Password reset by a link mailed to the account's address (docs/product.md#screens, #states, #validation, #limits).
 * Our own routes, not Cognito's ForgotPassword, which refuses accounts whose e-mail is not verified yet: following the
 * link proves the mailbox, so it works for every account and then marks the e-mail verified.
 */

/** Where each flow's reset page lives: the link opens the page of the flow the request came from. */
export const RESET_FLOWS = ['client', 'team'] as const;
export type ResetFlow = (typeof RESET_FLOWS)[number];

/** The spec's texts the routes answer with. */
export const PASSWORD_RESET_MESSAGES = {
  sent: 'Check your inbox for a password reset link.',
  invalidLink: 'Invalid or expired link',
  tooShort: 'Password must be at least 12 characters.',
  updated: 'Your password has been updated.',
} as const;

/** The pool's policy (infra/stack/auth.ts): at least 12 characters, nothing else required. */
export const RESET_PASSWORD_MIN_LENGTH = 12;

/**
 * One public route, POST /api/password-resets, whose body says what is asked (the stack is at its
 * resource guard: every route is a CloudFormation resource; and a token in a body stays out of
 * access logs, where a path would put it):
 * - { email, flow? }: mail a link (202, the same answer whether or not the address has an account);
 * - { token }: whether the link works (200 with its address; 404/410 'Invalid or expired link');
 * - { token, password }: set the new password with a working link (200).
 */
export const requestPasswordResetBody = /* @__PURE__ */ (() =>
  z.strictObject({
    email: z.string().check(z.trim(), z.maxLength(320), z.email('Please enter a valid email address')),
    flow: z._default(z.enum(RESET_FLOWS), 'client'),
  }))();

/** The same answer whether or not the address has an account (nobody can probe which exist). */
export interface RequestPasswordResetResponse {
  message: string;
}

/** The token of a reset link. */
const resetToken = /* @__PURE__ */ (() => z.string().check(z.minLength(1), z.maxLength(200)))();
export const checkPasswordResetBody = /* @__PURE__ */ (() => z.strictObject({ token: resetToken }))();
export type CheckPasswordResetBody = z.infer<typeof checkPasswordResetBody>;

// { token }: 404/410 'Invalid or expired link' unless the link works.
export interface PasswordResetDetailsResponse {
  /** The account's address, for 'Choose a new password for …' and the sign-in that follows. */
  email: string;
  expires_at: string;
}

// { token, password }
export const completePasswordResetBody = /* @__PURE__ */ (() =>
  z.strictObject({ token: resetToken, password: z.string().check(z.maxLength(256)) }))();
export type CompletePasswordResetBody = z.infer<typeof completePasswordResetBody>;

/** Which of the three a body asks for, by its fields (each shape is strict). */
export const passwordResetBody = /* @__PURE__ */ (() =>
  z.union([completePasswordResetBody, checkPasswordResetBody, requestPasswordResetBody]))();

export interface CompletePasswordResetResponse {
  email: string;
  /** 'Your password has been updated.' */
  message: string;
}
