import { queryOptions } from '@tanstack/react-query';
/**
 * Password reset through our own API (not Cognito's ForgotPassword, which refuses accounts whose
 * e-mail is not verified): the API mails a link whose token proves the mailbox, tells whether a link
 * still works, and sets the new password.
 */
import type { PasswordResetDetailsResponse } from '#features/users/password-reset-contracts.js';
import { api, ApiError } from '../../../app/api.js';

/**
 * The link's address when it still works; null when it is unknown, used, replaced or expired. A read
 * (the token goes in a body, not the address), so a query (resetLinkQuery), not a mutation.
 */
async function resetLinkDetails(token: string): Promise<PasswordResetDetailsResponse | null> {
  try {
    return await api.post<PasswordResetDetailsResponse>('/password-resets', { token });
  } catch (error) {
    if (isInvalidResetLink(error)) return null;
    throw error;
  }
}

/** The API's answer for a link that does not (or no longer) work: 'Invalid or expired link'. */
export const isInvalidResetLink = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 410);

/** The reset link's address (null: no longer works). Checked on each visit, never answered from an earlier one. */
export const resetLinkQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['password-reset-link', token] as const,
    queryFn: () => resetLinkDetails(token ?? ''),
    enabled: token !== null,
    gcTime: 0,
  });
