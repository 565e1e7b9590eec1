import { httpHandler, signedIn } from '../../../app/http.js';
import { reading } from '../../../platform/views/reader.js';
import { NotificationStore } from '../store.js';
import { markReadBody, type MarkReadResponse } from '../contracts.js';
import { UNREAD_CAP } from './list.js';

/** POST /api/notifications/read: "Mark all as read", or read up to one notification (the mark never moves back). */
export const handler = httpHandler({ body: markReadBody }, async (request) => {
  const principal = signedIn(request);
  const store = new NotificationStore(reading());
  const upTo = request.body?.up_to ?? (await store.inbox(principal.sub, { limit: 1 })).items[0]?.id;
  if (upTo) await store.markRead(principal.sub, upTo);
  const body: MarkReadResponse = {
    unread: await store.unreadCount(principal.sub, await store.readMark(principal.sub), UNREAD_CAP),
  };
  return { body };
});
