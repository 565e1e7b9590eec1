import { createHash, randomBytes } from 'node:crypto';

/**
 * A reset link's token: the account's id, a dot, and 256 random bits. The id lets the link be checked
 * against the user's own stream (strongly consistent, no lookup table); the random part is the secret,
 * and the stream keeps only the sha256 of the whole token.
 */
export function newResetToken(userId: string): { token: string; hash: string } {
  const token = `${userId}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashResetToken(token) };
}

export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

const TOKEN = /^([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/;

/** The account id a well-formed token names, or null for anything newResetToken cannot have made. */
export function userIdOfResetToken(token: string): string | null {
  return TOKEN.exec(token)?.[1] ?? null;
}
