import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamResponse } from '#features/teams/contracts.js';
import { api } from '../../../app/api.js';
import { memberPath, teamKeys } from './keys.js';

/**
 * DELETE /api/team/members/{id}. The answer is the team as it now is, shown at once (other members'
 * screens follow the `team` topic).
 */
export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => api.delete<TeamResponse>(memberPath(userId)),
    onSuccess: (team) => client.setQueryData(teamKeys.team(), team),
  });
}
