/** The invite-signup form's rules (docs/product.md#validation 'Invite signup form', §9). Pure: unit-tested. */

export interface InviteSignupValues {
  email: string;
  name: string;
  phone: string;
  password: string;
  confirmPassword: string;
}

export type InviteSignupErrors = Partial<Record<keyof InviteSignupValues, string>>;

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const PHONE_MIN_DIGITS = 10;
export const PHONE_MAX_DIGITS = 20;
export const PASSWORD_MIN = 12;
export const FIX_ERRORS_MESSAGE = 'Please fix the errors in the form';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every broken rule, by field; empty when the form may be sent. */
export function validateInviteSignup(values: InviteSignupValues): InviteSignupErrors {
  const errors: InviteSignupErrors = {};
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Invalid email address';
  const name = values.name.trim();
  if (name.length < NAME_MIN) errors.name = 'Name must be at least 2 characters';
  else if (name.length > NAME_MAX) errors.name = 'Name must be at most 100 characters';
  const phone = values.phone.trim();
  if (phone !== '') {
    const digits = phone.replace(/\D/g, '').length;
    if (!/^[+\d\s().-]+$/.test(phone)) errors.phone = 'Phone number can contain only digits, spaces and + ( ) - .';
    else if (digits < PHONE_MIN_DIGITS) errors.phone = 'Phone number must be at least 10 digits';
    else if (digits > PHONE_MAX_DIGITS) errors.phone = 'Phone number must be at most 20 digits';
  }
  if (values.password.length < PASSWORD_MIN) errors.password = 'Password must be at least 12 characters';
  if (values.confirmPassword !== values.password) errors.confirmPassword = "Passwords don't match";
  return errors;
}

/** /auth with the redirect back to the invitation (docs/product.md#screens: the invite-signup sign-in link). */
export const signInWithInviteHref = (token: string) =>
  `/auth?redirect=${encodeURIComponent(`/accept-invite?token=${token}`)}`;
