import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '#shared/notification-kinds.js';
import type { PreferencesResponse } from '#features/notifications/contracts.js';
import { api } from '../../../app/api.js';
import { preferencesKeys } from './get-notification-preferences.js';

/**
 * PATCH /api/me/notification-preferences with the kinds that changed. No live topic covers the
 * preferences, so the cache takes the saved ones from the answer.
 */
export function useUpdateNotificationPreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (changed: Partial<NotificationPreferences>) =>
      api.patch<PreferencesResponse>('/me/notification-preferences', changed),
    onSuccess: (answer) => client.setQueryData(preferencesKeys.preferences(), answer.preferences),
  });
}
