import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TeamResponse } from '#features/teams/contracts.js';
import { api } from '../../../app/api.js';
import { invitePath, teamKeys } from './keys.js';

/**
 * POST /api/team/invites/{id}/revoke. The answer is the team as it now is, shown at once (other members'
 * screens follow the `team` topic).
 */
export function useRevokeInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<TeamResponse>(`${invitePath(id)}/revoke`),
    onSuccess: (team) => client.setQueryData(teamKeys.team(), team),
  });
}
