import { infiniteQueryOptions } from '@tanstack/react-query';
import type { UsersResponse } from '#features/users/admin-contracts.js';
import { api } from '../../../app/api.js';
import { queryString } from '../../../lib/query-string.js';
import { userKeys } from './keys.js';

/** GET /api/users: every user with the four counts, a page per cursor. */
export const usersQuery = () =>
  infiniteQueryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ pageParam }) => api.get<UsersResponse>(`/users${queryString({ cursor: pageParam ?? undefined })}`),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // docs/product.md#calls: a change of any profile reloads the user list.
    meta: { topics: ['users'] },
  });
