import { canonicalEmail } from '../../../shared/email.js';
import { identityDirectory } from '../aws/identity.js';
import { HttpError } from '../errors.js';
import type { Principal } from './auth.js';

export const EMAIL_NOT_VERIFIED = 'EMAIL_NOT_VERIFIED';
export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email address first: we will send a verification code to your inbox.';

/**
 * The caller's address, if its holder has proven it, as the identity provider reports it: the
 * verified token's `email_verified`, or, when the token says no (it may be older than the proof),
 * the account itself (AdminGetUser). Never from the request. Anything others keep (a team, an
 * invitation sent, an accepted invitation, a test e-mail) is built on this address only; otherwise
 * 403 EMAIL_NOT_VERIFIED, which the SPA answers with its verification dialog.
 */
export async function provenEmailOf(
  principal: Pick<Principal, 'email' | 'emailVerified' | 'identitySub'>,
): Promise<string> {
  if (principal.emailVerified && principal.email) return principal.email;
  const status = await identityDirectory().emailStatus(principal.identitySub);
  if (status?.verified && status.email) return canonicalEmail(status.email);
  throw new HttpError(403, EMAIL_NOT_VERIFIED, EMAIL_NOT_VERIFIED_MESSAGE);
}
