import { useMutation } from '@tanstack/react-query';
import type { RedirectResponse } from '#features/billing/contracts.js';
import { api } from '../../../app/api.js';

/** POST /api/billing/portal: the provider's customer portal (a redirect; it changes no view). */
export function usePortalUrl() {
  return useMutation({ mutationFn: async () => (await api.post<RedirectResponse>('/billing/portal')).url });
}
