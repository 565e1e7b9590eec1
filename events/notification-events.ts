import * as z from 'zod';
import { defineEvent } from './catalogue.js';
import { NOTIFICATION_MODES } from './notification-kinds.js';

export * from './notification-kinds.js';

const mode = z.enum(NOTIFICATION_MODES).optional();
export const notificationPreferencesSchema = z
  .object({ status: mode, deliverable: mode, comment: mode, assignment: mode, submission: mode, moderation: mode })
  .strict();

/** Stream `user-<sub>`: only the kinds that changed (a kind left out keeps its mode). */
export const NotificationPreferencesChanged = defineEvent(
  'NotificationPreferencesChanged',
  z.object({
    preferences: notificationPreferencesSchema,
    /** How it was changed: on the profile, or by the one-click unsubscribe link of an e-mail. */
    via: z.enum(['profile', 'unsubscribe']).default('profile'),
  }),
);

export const notificationEvents = [NotificationPreferencesChanged];

