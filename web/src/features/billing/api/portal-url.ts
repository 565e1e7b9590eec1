import type { RedirectResponse } from '#features/billing/contracts.js';
import { api } from '../../../app/api.js';

/** POST /api/billing/portal: the provider's customer portal (a redirect; it changes no view). */
export const portalUrl = async () => (await api.post<RedirectResponse>('/billing/portal')).url;
