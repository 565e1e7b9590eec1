import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ErasureResponse } from '#features/users/erasure-contracts.js';
import { userKeys } from './keys.js';

export interface EraseUserInput {
  userId: string;
  /** A ticket or letter number for the request (1..100 characters); never personal data. */
  reference: string;
}

/**
 * POST /api/admin/users/{id}/erasure: an admin erases a person at their request. The users list and
 * the erasure log are read again at once; the log is polled while the erasure runs, and its end
 * reloads the list (UsersTab), where the person then shows as 'Deleted user'.
 */
export function useEraseUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, reference }: EraseUserInput) =>
      api.post<ErasureResponse>(`/admin/users/${encodeURIComponent(userId)}/erasure`, { reference }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: userKeys.erasures() }),
        client.invalidateQueries({ queryKey: userKeys.list() }),
      ]);
    },
  });
}
