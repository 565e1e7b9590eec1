import { queryOptions } from '@tanstack/react-query';
import type { TeamResponse } from '#features/teams/contracts.js';
import { api } from '../../../app/api.js';
import { teamKeys } from './keys.js';

/** GET /api/team: the caller's team, its members and pending invitations (live topic `team`). */
export const teamQuery = () =>
  queryOptions({
    queryKey: teamKeys.team(),
    queryFn: () => api.get<TeamResponse>('/team'),
    meta: { topics: ['team'] },
  });
