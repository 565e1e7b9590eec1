import { useMutation } from '@tanstack/react-query';
import type { CompletePasswordResetResponse } from '#features/users/password-reset-contracts.js';
import { api } from '../../../app/api.js';

/** POST /api/password-resets with the link's token and the new password; the caller signs in with it. */
export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: ({ token, password }: { token: string; password: string }) =>
      api.post<CompletePasswordResetResponse>('/password-resets', { token, password }),
  });
}
