import { queryOptions } from '@tanstack/react-query';
import type { PreferencesResponse } from '#features/notifications/contracts.js';
import { api } from '../../../app/api.js';

export const preferencesKeys = { preferences: () => ['notification-preferences'] as const };

/** GET /api/me/notification-preferences: per kind, e-mail immediately, in a digest, or not at all. */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: preferencesKeys.preferences(),
    queryFn: async () => (await api.get<PreferencesResponse>('/me/notification-preferences')).preferences,
  });
