import { useMutation } from '@tanstack/react-query';
import type { SyncResponse } from '#features/billing/contracts.js';
import { api } from '../../../app/api.js';

/** POST /api/billing/sync (admin): every subscription read again from the provider. */
export const useSyncSubscriptions = () => useMutation({ mutationFn: () => api.post<SyncResponse>('/billing/sync') });
