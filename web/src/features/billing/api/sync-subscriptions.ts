import { useMutation } from '@tanstack/react-query';
import type { SyncResponse } from '#features/billing/contracts.js';
import { api } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { userKeys } from '../../users/api/keys.js';

/**
 * POST /api/billing/sync (admin): every subscription read again from the provider; the user list follows the `users`
 * topic.
 */
export const useSyncSubscriptions = () =>
  useMutation({
    mutationFn: () => api.post<SyncResponse>('/billing/sync'),
    onSuccess: () => refreshUnlessLive([userKeys.list()]),
  });
