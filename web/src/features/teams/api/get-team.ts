import { queryOptions } from '@tanstack/react-query';
import { teamApi } from './team-api.js';

export const teamKeys = { team: () => ['team'] as const };

/** GET /api/team: the caller's team, its members and pending invitations (live topic `team`). */
export const teamQuery = () => queryOptions({ queryKey: teamKeys.team(), queryFn: teamApi.get, meta: { topics: ['team'] } });
