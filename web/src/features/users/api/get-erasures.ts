import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import { userKeys } from './keys.js';

/** One line of the erasure log: ids, who asked and when; no name or address (that is what was erased). */
export interface ErasureEntry {
  erasure_id: string;
  /** The erased account. */
  user_id: string;
  requested_by: 'self' | 'admin';
  /** The account id of who asked: the person themself, or the admin. */
  erased_by: string;
  /** The ticket or letter number an admin gave; null for a person's own request. */
  reference: string | null;
  requested_at: string;
  completed_at: string | null;
  status: 'erasing' | 'done';
}

export interface ErasuresResponse {
  /** Newest first. */
  erasures: ErasureEntry[];
}

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
    queryFn: () => api.get<ErasuresResponse>('/admin/erasures'),
    meta: { topics: ['users'] },
    refetchInterval: (query) => {
      const erasures = query.state.data?.erasures ?? [];
      const running = erasures.some((entry) => entry.status === 'erasing');
      const missing = [...awaited].some((id) => !erasures.some((entry) => entry.erasure_id === id));
      return running || missing ? ERASING_POLL_MS : false;
    },
  });
