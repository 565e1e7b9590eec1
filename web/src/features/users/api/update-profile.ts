import { useMutation } from '@tanstack/react-query';
import type { ProfileResponse, UpdateProfileBody } from '#features/teams/contracts.js';
import { api } from '../../../app/api.js';
import { refreshUnlessLive } from '../../../app/query/client.js';
import { meKeys } from './get-me.js';

/** PATCH /api/me/profile: name, company and user type; the profile follows the `me` topic. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: (body: UpdateProfileBody) => api.patch<ProfileResponse>('/me/profile', body),
    onSuccess: () => refreshUnlessLive([meKeys.me()]),
  });
}
