import { queryOptions } from '@tanstack/react-query';
import type { UserDetailsResponse } from '#features/users/admin-contracts.js';
import { api } from '../../../app/api.js';
import { userKeys } from './keys.js';

/** GET /api/users/{id}: one user's overview, projects and team (View Details). */
export const userDetailsQuery = (id: string) =>
  queryOptions({
    queryKey: userKeys.detail(id),
    queryFn: () => api.get<UserDetailsResponse>(`/users/${encodeURIComponent(id)}`),
    meta: { topics: ['users'] },
  });
