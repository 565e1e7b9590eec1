import { httpHandler, signedIn } from '../../http/middleware.js';
import { HttpError } from '../../core/errors.js';
import { getRuntime } from '../../core/runtime.js';
import { NotificationStore } from '../../core/notifications/store.js';
import { NOTIFICATIONS_PAGE, notificationsQuery, type NotificationsResponse } from '../contracts/notifications.js';
import { decodeCursor, encodeCursor } from './cursor.js';

export const UNREAD_CAP = 100;

/** GET /api/notifications: the caller's latest notifications, newest first, the unread count and the next page's cursor. */
export const handler = httpHandler({ query: notificationsQuery }, async (request) => {
  const principal = signedIn(request);
  const store = new NotificationStore(getRuntime());
  const after = request.query.cursor === undefined ? undefined : decodeCursor(request.query.cursor);
  if (after === null) throw new HttpError(400, 'INVALID_CURSOR', 'This page link is not valid. Load the notifications again.');
  const [page, mark] = await Promise.all([store.inbox(principal.sub, { limit: request.query.limit ?? NOTIFICATIONS_PAGE, after }), store.readMark(principal.sub)]);
  const body: NotificationsResponse = {
    notifications: page.items.map((item) => ({ ...item, read: mark !== null && item.id <= mark })),
    unread: await store.unreadCount(principal.sub, mark, UNREAD_CAP),
    next_cursor: page.next ? encodeCursor(page.next) : null,
  };
  return { body };
});
