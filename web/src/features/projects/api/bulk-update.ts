import { useMutation } from '@tanstack/react-query';
import type { BulkUpdateBody, BulkUpdateResponse } from '#features/users/admin-contracts.js';
import { api } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { projectKeys } from './keys.js';

/** POST /api/projects/bulk: one change to many projects; the board follows the `projects` topic. */
export function useBulkUpdate() {
  return useMutation({
    mutationFn: (body: BulkUpdateBody) => api.post<BulkUpdateResponse>('/projects/bulk', body),
    onSuccess: () => refreshUnlessLive([projectKeys.lists()]),
  });
}
