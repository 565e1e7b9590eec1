import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeMemberRoleBody, TeamResponse } from '#features/teams/contracts.js';
import { api } from '../../../app/api.js';
import { memberPath, teamKeys } from './keys.js';

/**
 * PATCH /api/team/members/{id}. The answer is the team as it now is, shown at once (other members'
 * screens follow the `team` topic).
 */
export function useChangeMemberRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: ChangeMemberRoleBody['role'] }) =>
      api.patch<TeamResponse>(memberPath(userId), { role }),
    onSuccess: (team) => client.setQueryData(teamKeys.team(), team),
  });
}
