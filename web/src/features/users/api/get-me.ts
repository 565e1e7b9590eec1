import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../app/api.js';
import type { MeResponse } from '../../../lib/contracts.js';

export const meKeys = { me: () => ['me'] as const };

/** GET /api/me: the signed-in user's profile, roles and plan (live topics `me`, `subscription`). */
export const meQuery = () =>
  queryOptions({
    queryKey: meKeys.me(),
    queryFn: () => api.get<MeResponse>('/me'),
    meta: { topics: ['me', 'subscription'] },
  });
