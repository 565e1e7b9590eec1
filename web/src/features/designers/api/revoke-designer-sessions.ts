import { useMutation } from '@tanstack/react-query';
import type { RevokeDesignerSessionsResponse } from '#features/users/session-contracts.js';
import { api } from '../../../app/api.js';

/** POST /api/sessions/revoke-designers: `errors` lists the designers whose sessions could not be ended. */
export const useRevokeDesignerSessions = () =>
  useMutation({ mutationFn: () => api.post<RevokeDesignerSessionsResponse>('/sessions/revoke-designers') });
