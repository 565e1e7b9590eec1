import { useMutation } from '@tanstack/react-query';
import type { AcceptInviteResponse } from '#features/teams/contracts.js';
import { api } from '../../../app/api.js';
import { invitationPath } from './keys.js';

/** POST /api/invites/{token}/accept: joins the team (the caller's views follow the `team` topic). */
export const useAcceptInvite = () =>
  useMutation({ mutationFn: (token: string) => api.post<AcceptInviteResponse>(`${invitationPath(token)}/accept`) });
