import { useMutation } from '@tanstack/react-query';
import type { EmailProofResponse } from '#features/users/contracts.js';
import { api } from '../../../app/api.js';

/**
 * POST /api/me/email-proof: records the address Cognito just confirmed. It may end every session, so
 * nothing is read again here: the signed-in screens reload once the session (and its socket) is back.
 */
export function useRecordEmailProof() {
  return useMutation({
    mutationFn: () => api.post<EmailProofResponse>('/me/email-proof', undefined, { noEmailProof: true }),
  });
}
