import { infiniteQueryOptions } from '@tanstack/react-query';
import type { ModerationResponse } from '#features/activity/contracts.js';
import { api } from '../../../app/api.js';
import { queryString } from '../../../lib/query-string.js';
import { activityKeys } from './keys.js';

/** GET /api/moderation: every project's comments waiting for approval, a page per cursor. */
export const pendingCommentsQuery = () =>
  infiniteQueryOptions({
    queryKey: activityKeys.moderation(),
    queryFn: ({ pageParam }) =>
      api.get<ModerationResponse>(`/moderation${queryString({ cursor: pageParam ?? undefined })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    meta: { topics: ['moderation'] },
  });
