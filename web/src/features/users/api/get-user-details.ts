import { queryOptions } from '@tanstack/react-query';
import { getUserDetails } from '../../projects/api/admin-api.js';
import { adminKeys } from './admin-keys.js';

/** GET /api/users/{id}: one user's overview, projects and team (View Details). */
export const userDetailsQuery = (id: string) => queryOptions({ queryKey: adminKeys.user(id), queryFn: () => getUserDetails(id), meta: { topics: ['users'] } });
