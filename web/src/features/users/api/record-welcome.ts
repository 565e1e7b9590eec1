import { useMutation } from '@tanstack/react-query';
import type { WelcomeResponse } from '#features/users/contracts.js';
import { api } from '../../../app/api.js';

/** POST /api/me/welcome: the account's first dashboard visit, recorded once on the server. */
export function useRecordWelcome() {
  return useMutation({ mutationFn: () => api.post<WelcomeResponse>('/me/welcome', {}) });
}
