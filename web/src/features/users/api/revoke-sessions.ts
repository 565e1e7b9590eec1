import { useMutation } from '@tanstack/react-query';
import type { RevokeSessionsResponse } from '#features/users/session-contracts.js';
import { api } from '../../../app/api.js';

/** POST /api/sessions/revoke: ends every session of the account; the caller signs out, so no view is read again. */
export function useRevokeSessions() {
  return useMutation({ mutationFn: () => api.post<RevokeSessionsResponse>('/sessions/revoke', {}) });
}
