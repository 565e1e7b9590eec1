import * as z from '../../../events/zod.js';
import { defineEvent, type EventOf } from '../../../events/catalogue.js';
import { NOTIFICATION_MODES } from '../../../shared/notification-kinds.js';

export * from '../../../shared/notification-kinds.js';

const mode = () => z.optional(z.enum(NOTIFICATION_MODES));
/** Built where it is used (an event's schema, a request body's), not at import. */
export const notificationPreferencesSchema = () =>
  z.strictObject({
    status: mode(),
    deliverable: mode(),
    comment: mode(),
    assignment: mode(),
    submission: mode(),
    moderation: mode(),
  });

/** Stream `user-<sub>`: only the kinds that changed (a kind left out keeps its mode). */
export const NotificationPreferencesChanged = /* @__PURE__ */ defineEvent('NotificationPreferencesChanged', () =>
  z.object({
    preferences: notificationPreferencesSchema(),
    /** How it was changed: on the profile, or by the one-click unsubscribe link of an e-mail. */
    via: z._default(z.enum(['profile', 'unsubscribe']), 'profile'),
  }),
);

export const notificationEvents = [NotificationPreferencesChanged];

export type NotificationEvent = EventOf<(typeof notificationEvents)[number]>;
