import { httpHandler, signedIn } from '../../../app/http.js';
import { reading } from '../../../platform/views/reader.js';
import { NotificationStore } from '../store.js';
import { NOTIFICATIONS_PAGE, notificationsQuery, type NotificationsResponse } from '../contracts.js';
import { cursorScope, decodeCursor, encodeCursor, invalidCursor } from '../../../platform/views/cursor.js';

const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const UNREAD_CAP = 100;

/**
 * GET /api/notifications: the caller's latest notifications, newest first, the unread count and the next page's cursor.
 */
export const handler = httpHandler({ query: notificationsQuery }, async (request) => {
  const principal = signedIn(request);
  const store = new NotificationStore(reading());
  // The same signed cursors as every other list, bound to the caller's own inbox.
  const scope = cursorScope('GET /api/notifications', { sub: principal.sub });
  const after = request.query.cursor === undefined ? undefined : lastId(decodeCursor(scope, request.query.cursor));
  const [page, mark] = await Promise.all([
    store.inbox(principal.sub, { limit: request.query.limit ?? NOTIFICATIONS_PAGE, after }),
    store.readMark(principal.sub),
  ]);
  const body: NotificationsResponse = {
    notifications: page.items.map((item) => ({ ...item, read: mark !== null && item.id <= mark })),
    unread: await store.unreadCount(principal.sub, mark, UNREAD_CAP),
    next_cursor: page.next ? encodeCursor(scope, { after: page.next }) : null,
  };
  return { body };
});

function lastId(state: Record<string, unknown>): string {
  if (typeof state.after !== 'string' || !ULID.test(state.after)) throw invalidCursor();
  return state.after;
}
