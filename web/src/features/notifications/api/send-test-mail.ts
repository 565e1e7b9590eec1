import { useMutation } from '@tanstack/react-query';
import type { TestMailResponse } from '#features/notifications/mail-contracts.js';
import { api } from '../../../app/api.js';

/** POST /api/mail/test: one test e-mail through the mail adapter; it changes no view. */
export function useSendTestMail() {
  return useMutation({ mutationFn: (toEmail: string) => api.post<TestMailResponse>('/mail/test', { toEmail }) });
}
