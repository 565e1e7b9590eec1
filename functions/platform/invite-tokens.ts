import { createHash, randomBytes } from 'node:crypto';

/**
 * Invitation tokens, for the team invitations and the designer invitations alike: the link carries the
 * token, the stream keeps only its sha256.
 */

/** A new invitation token (256 random bits, URL-safe) and the sha256 that is all the system keeps of it. */
export function newInviteToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInviteToken(token) };
}

export const hashInviteToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

/** Tokens are what newInviteToken makes; anything else cannot be one. */
export const looksLikeInviteToken = (token: string) => /^[A-Za-z0-9_-]{32,100}$/.test(token);
