/**
 * The one canonical form of an e-mail address (trimmed, lower-cased). Every comparison of addresses
 * — role checks, designer authorisations, invitations, sign-up duplicates, quotas — goes through it,
 * so `Designer@X.com ` and `designer@x.com` can never be two people in one place and one in another.
 */
export const canonicalEmail = (email: string): string => email.trim().toLowerCase();
