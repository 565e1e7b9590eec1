import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteBody, InviteResponse } from '#features/teams/contracts.js';
import { ActionKeys, api } from '../../../app/api.js';
import { teamKeys } from './keys.js';

const inviteKeys = new ActionKeys();

/** POST /api/team/invites: the answer is the team with the new invitation, shown at once. */
export function useInviteMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInviteBody) =>
      inviteKeys.run(body, (idempotencyKey) => api.post<InviteResponse>('/team/invites', body, { idempotencyKey })),
    onSuccess: (team) => client.setQueryData(teamKeys.team(), team),
  });
}
