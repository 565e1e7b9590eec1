import { infiniteQueryOptions } from '@tanstack/react-query';
import { listPendingComments } from '../../projects/api/admin-api.js';
import { adminKeys } from '../../users/api/admin-keys.js';

/** GET /api/moderation: every project's comments waiting for approval, a page per cursor. */
export const pendingCommentsQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.moderation(),
    queryFn: ({ pageParam }) => listPendingComments(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    meta: { topics: ['moderation'] },
  });
