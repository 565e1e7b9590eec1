import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamResponse } from '#features/teams/contracts.js';
import { api } from '../../../app/api.js';
import { teamKeys } from './keys.js';

/**
 * POST /api/team: a client names a team and becomes its admin. The answer is the team as it now is,
 * shown at once (other members' screens follow the `team` topic).
 */
export function useCreateTeam() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<TeamResponse>('/team', { name }),
    onSuccess: (team) => client.setQueryData(teamKeys.team(), team),
  });
}
