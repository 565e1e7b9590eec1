import { useMutation } from '@tanstack/react-query';
import type { RequestPasswordResetResponse, ResetFlow } from '#features/users/password-reset-contracts.js';
import { api } from '../../../app/api.js';

/** POST /api/password-resets: mails a reset link to `email` if it has an account (the answer is the same if not). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: ({ email, flow }: { email: string; flow: ResetFlow }) =>
      api.post<RequestPasswordResetResponse>('/password-resets', { email: email.trim(), flow }),
  });
}
