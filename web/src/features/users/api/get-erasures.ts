import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { ErasureLogResponse } from '#features/users/erasure-contracts.js';
import { userKeys } from './keys.js';

/** While an erasure runs, the log is read again this often (a 'users' change also refreshes it). */
const ERASING_POLL_MS = 3_000;

/**
 * GET /api/admin/erasures: the erasure log of the admin Users tab. It is polled while an erasure runs,
 * and while one this tab asked for (`awaited`, by erasure id) is not in it yet: the log is a view,
 * written a moment after the request was answered.
 */
export const erasuresQuery = (awaited: ReadonlySet<string> = new Set()) =>
  queryOptions({
    queryKey: userKeys.erasures(),
    queryFn: () => api.get<ErasureLogResponse>('/admin/erasures'),
    meta: { topics: ['users'] },
    refetchInterval: (query) => {
      const erasures = query.state.data?.erasures ?? [];
      const running = erasures.some((entry) => entry.status === 'erasing');
      const missing = [...awaited].some((id) => !erasures.some((entry) => entry.erasure_id === id));
      return running || missing ? ERASING_POLL_MS : false;
    },
  });
