import * as z from '../../../events/zod.js';
import { CognitoError } from './shim-wire.js';

/**
 * The one strict address check the product's events use (`z.email()` in events/: UserRegistered,
 * team and designer addresses): a single addr-spec, no display name, no list, no CR/LF. What passes
 * here is what the PostConfirmation trigger can record, so no account exists without its event.
 */
const emailSchema = /* @__PURE__ */ z.email();

export const isEmailAddress = (value: unknown): value is string =>
  typeof value === 'string' && emailSchema.safeParse(value).success;

export function requireEmail(value: unknown): string {
  if (!isEmailAddress(value)) throw new CognitoError('InvalidParameterException', 'Invalid email address format.');
  return value;
}

/** Cognito's answer to a missing or non-string member, in its validation wording. */
export function requireString(body: Record<string, unknown>, member: string): string {
  const value = body[member];
  if (typeof value !== 'string' || value.length === 0) {
    const name = member[0]!.toLowerCase() + member.slice(1);
    throw new CognitoError(
      'InvalidParameterException',
      `1 validation error detected: Value at '${name}' failed to satisfy constraint: Member must not be null`,
    );
  }
  return value;
}

export type Attribute = { Name: string; Value: string };

/** `UserAttributes`: a list of `{ Name, Value }` strings (absent: empty). */
export function attributeList(body: Record<string, unknown>, member = 'UserAttributes'): Attribute[] {
  const list = body[member] ?? [];
  if (
    !Array.isArray(list) ||
    !list.every(
      (a) =>
        a &&
        typeof a === 'object' &&
        typeof a.Name === 'string' &&
        (a.Value === undefined || typeof a.Value === 'string'),
    )
  ) {
    throw new CognitoError(
      'InvalidParameterException',
      `1 validation error detected: Value at '${member[0]!.toLowerCase()}${member.slice(1)}' failed to satisfy ` +
        `constraint: Member must be a list of attributes`,
    );
  }
  return list.map((a: { Name: string; Value?: string }) => ({ Name: a.Name, Value: a.Value ?? '' }));
}

/** The e-mail in `Username` and in an `email` attribute must each be one strict address. */
export function checkEmails(username: unknown, attributes: Attribute[]): void {
  if (typeof username === 'string' && username.includes('@')) requireEmail(username);
  for (const attribute of attributes) if (attribute.Name === 'email') requireEmail(attribute.Value);
}

/** Cognito shows where a code went without showing the address: `a***@e***`. */
export function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = at > 0 ? email.slice(0, at) : email;
  const domain = at > 0 ? email.slice(at + 1) : '';
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

export const emailDelivery = (email: string) => ({
  AttributeName: 'email',
  DeliveryMedium: 'EMAIL',
  Destination: maskedEmail(email),
});
