import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ActivityType, GlobalActivityResponse } from '#features/users/admin-contracts.js';
import { api } from '../../../app/api.js';
import { queryString } from '../../../lib/query-string.js';
import { activityKeys } from './keys.js';

const listActivity = (q: string, type: ActivityType, cursor?: string) =>
  api.get<GlobalActivityResponse>(`/activity${queryString({ q, type: type === 'all' ? undefined : type, cursor })}`);

/**
 * The first page with something on it: a page of the log can come back empty when every entry on it
 * was filtered out, so a few more pages are asked for before the tab says there is nothing.
 */
async function firstPage(q: string, type: ActivityType) {
  let answer = await listActivity(q, type);
  for (let hop = 0; hop < 5 && answer.activities.length === 0 && answer.next_cursor; hop += 1) {
    answer = await listActivity(q, type, answer.next_cursor);
  }
  return answer;
}

/** GET /api/activity: every project's activity, newest first, a page per cursor. */
export const globalActivityQuery = (q: string, type: ActivityType) =>
  infiniteQueryOptions({
    queryKey: activityKeys.global(q, type),
    queryFn: ({ pageParam }) => (pageParam ? listActivity(q, type, pageParam) : firstPage(q, type)),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    meta: { topics: ['activity'] },
  });
