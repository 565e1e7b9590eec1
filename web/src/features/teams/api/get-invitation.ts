import { queryOptions } from '@tanstack/react-query';
import type { InviteDetailsResponse } from '#features/teams/contracts.js';
import { api } from '../../../app/api.js';
import { invitationPath, teamKeys } from './keys.js';

/** GET /api/invites/{token}: who invites, to which team (read once: the link is not a live view). */
export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: teamKeys.invite(token),
    queryFn: () => api.get<InviteDetailsResponse>(invitationPath(token)),
    enabled: !!token,
    gcTime: 0,
  });
