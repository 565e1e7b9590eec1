import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { MarkReadResponse, NotificationsResponse } from '#features/notifications/contracts.js';
import { api } from '../../../app/api.js';
import { notificationKeys } from './get-notifications.js';

/** POST /api/notifications/read: every notification read; the bell shows it at once. */
export function useMarkAllRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<MarkReadResponse>('/notifications/read'),
    onSuccess: (answer) =>
      client.setQueryData<InfiniteData<NotificationsResponse, string | null>>(
        notificationKeys.bell(),
        (current) =>
          current && {
            ...current,
            pages: current.pages.map((page) => ({
              ...page,
              unread: answer.unread,
              notifications: page.notifications.map((n) => ({ ...n, read: true })),
            })),
          },
      ),
  });
}
