import * as z from 'zod';
import { notificationPreferencesSchema, type NotificationKind, type NotificationPreferences } from '../../../events/notification-events.js';

export const NOTIFICATIONS_PAGE = 20;

export const notificationsQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

export const markReadBody = z
  .object({
    /** Read up to (and including) this notification; absent: all of them. */
    up_to: z.string().regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a notification id').optional(),
  })
  .strict()
  .optional();

export interface NotificationView {
  id: string;
  kind: NotificationKind;
  project_id: string;
  project_title: string;
  message: string;
  /** The path that opens the project on the caller's board. */
  link: string;
  at: string;
  read: boolean;
}

export interface NotificationsResponse {
  notifications: NotificationView[];
  /** Unread, counted up to 100 (the bell shows 99+ beyond). */
  unread: number;
  /** Opaque: pass as `cursor` for the next page; null at the end. */
  next_cursor: string | null;
}

export interface MarkReadResponse {
  unread: number;
}

export const preferencesBody = notificationPreferencesSchema;

export interface PreferencesResponse {
  preferences: NotificationPreferences;
  defaults: NotificationPreferences;
}

export const unsubscribeQuery = z.object({ token: z.string().min(1).max(1000).optional() });
export const unsubscribeBody = z.object({ token: z.string().min(1).max(1000).optional(), 'List-Unsubscribe': z.string().max(50).optional() }).optional();

export interface UnsubscribeResponse {
  /** What the link turns off: a kind's e-mails, or the daily digest. */
  scope: NotificationKind | 'digest';
  label: string;
  unsubscribed: boolean;
  message: string;
}
