import * as z from '../../../events/zod.js';
import { notificationPreferencesSchema, type NotificationKind, type NotificationPreferences } from './events.js';

/** One in-app notification, as the notifications' store keeps it. */
export interface InboxItem {
  id: string;
  kind: NotificationKind;
  project_id: string;
  project_title: string;
  message: string;
  /** The path that opens the project on the recipient's board. */
  link: string;
  at: string;
}

export const NOTIFICATIONS_PAGE = 20;

export const notificationsQuery = /* @__PURE__ */ (() =>
  z.object({
    cursor: z.optional(z.string().check(z.maxLength(200))),
    limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(50))),
  }))();

export const markReadBody = /* @__PURE__ */ (() =>
  z.optional(
    z.strictObject({
      /** Read up to (and including) this notification; absent: all of them. */
      up_to: z.optional(z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Not a notification id'))),
    }),
  ))();

/** A stored notification (its link opens the project on the caller's board), and whether it is read. */
export type NotificationView = InboxItem & { read: boolean };

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

export const preferencesBody = /* @__PURE__ */ notificationPreferencesSchema();

export interface PreferencesResponse {
  preferences: NotificationPreferences;
  defaults: NotificationPreferences;
}

export const unsubscribeQuery = /* @__PURE__ */ (() =>
  z.object({ token: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))) }))();
export const unsubscribeBody = /* @__PURE__ */ (() =>
  z.optional(
    z.object({
      token: z.optional(z.string().check(z.minLength(1), z.maxLength(1000))),
      'List-Unsubscribe': z.optional(z.string().check(z.maxLength(50))),
    }),
  ))();

export interface UnsubscribeResponse {
  /** What the link turns off: a kind's e-mails, or the daily digest. */
  scope: NotificationKind | 'digest';
  label: string;
  unsubscribed: boolean;
  message: string;
}
