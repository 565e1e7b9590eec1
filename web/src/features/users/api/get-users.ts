import { infiniteQueryOptions } from '@tanstack/react-query';
import { listUsers } from '../../projects/api/admin-api.js';
import { adminKeys } from './admin-keys.js';

/** GET /api/users: every user with the four counts, a page per cursor. */
export const usersQuery = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.users(),
    queryFn: ({ pageParam }) => listUsers(pageParam ?? undefined),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // docs/product.md#calls: a change of any profile reloads the user list.
    meta: { topics: ['users'] },
  });
