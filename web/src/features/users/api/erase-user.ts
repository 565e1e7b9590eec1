import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import { userKeys } from './keys.js';

/** The answer of both erasure requests (202): the erasure runs in the background. */
export interface ErasureStarted {
  erasure_id: string;
  status: 'erasing';
}

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
      api.post<ErasureStarted>(`/admin/users/${encodeURIComponent(userId)}/erasure`, { reference }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: userKeys.erasures() }),
        client.invalidateQueries({ queryKey: userKeys.list() }),
      ]);
    },
  });
}
