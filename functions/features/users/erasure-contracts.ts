import * as z from '../../../events/zod.js';
import { ERASURE_REFERENCE } from './events.js';

/** 'Delete My Account': the password again, and the account's e-mail address typed out. */
export const eraseAccountBody = /* @__PURE__ */ (() =>
  z.strictObject({
    password: z.string().check(z.minLength(1, 'Enter your password.'), z.maxLength(256)),
    email: z.string().check(z.trim(), z.minLength(1, 'Type your e-mail address.'), z.maxLength(320)),
  }))();

/** 'Erase User': the request's reference (a ticket or letter number), never a name or an address. */
export const eraseUserBody = /* @__PURE__ */ (() =>
  z.strictObject({
    reference: z
      .string()
      .check(
        z.trim(),
        z.regex(ERASURE_REFERENCE, 'A reference is 1 to 100 letters, digits, spaces and . _ # / : - (no e-mail).'),
      ),
  }))();

/** One row of the erasure log: the erased account's id, who asked and when; no personal data. */
export interface ErasureLogEntry {
  user_id: string;
  erasure_id: string;
  requested_by: 'self' | 'admin';
  /** The account id of who asked: the person, or the admin. */
  erased_by: string;
  reference: string | null;
  requested_at: string;
  completed_at: string | null;
}

export interface ErasureResponse {
  erasure_id: string;
  status: 'erasing';
}

/** A row as the admin's log shows it: with whether the erasure is done. */
export type ErasureLogRow = ErasureLogEntry & { status: 'erasing' | 'done' };

export interface ErasureLogResponse {
  /** Newest first. */
  erasures: ErasureLogRow[];
}

/** What the profile's dialog is told when the typed address is not the account's. */
export const EMAIL_MISMATCH = 'Type your e-mail address exactly as it appears on your account.';
export const WRONG_PASSWORD = 'That password is not right.';
export const ERASE_YOURSELF = 'Erase your own account from your profile.';
