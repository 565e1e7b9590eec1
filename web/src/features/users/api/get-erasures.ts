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

/** GET /api/admin/erasures: the erasure log of the admin Users tab. */
export const erasuresQuery = () =>
  queryOptions({
    queryKey: userKeys.erasures(),
    queryFn: () => api.get<ErasuresResponse>('/admin/erasures'),
    meta: { topics: ['users'] },
    refetchInterval: (query) =>
      query.state.data?.erasures.some((entry) => entry.status === 'erasing') ? ERASING_POLL_MS : false,
  });
