import { useMutation } from '@tanstack/react-query';
import type { UnsubscribeResponse } from '#features/notifications/contracts.js';
import { api } from '../../../app/api.js';
import { unsubscribePath } from './get-unsubscribe-link.js';

/**
 * POST /api/notifications/unsubscribe: turns off what the e-mail's link names (a public page: no view to read again).
 */
export function useUnsubscribe(token: string) {
  return useMutation({ mutationFn: () => api.post<UnsubscribeResponse>(unsubscribePath(token)) });
}
