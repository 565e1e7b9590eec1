import { infiniteQueryOptions } from '@tanstack/react-query';
import type { NotificationsResponse } from '#features/notifications/contracts.js';
import { api } from '../../../app/api.js';

const PAGE = 10;

export const notificationKeys = { bell: () => ['notifications', 'bell'] as const };

/** GET /api/notifications: the caller's latest notifications and the unread count, a page per cursor. */
export const notificationsQuery = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.bell(),
    queryFn: ({ pageParam }) =>
      api.get<NotificationsResponse>(
        `/notifications?limit=${PAGE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor ?? null,
    // The notifications reactor sends the topic after storing one for the caller.
    meta: { topics: ['notifications'] },
  });
