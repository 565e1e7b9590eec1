import * as z from 'zod';
import { defineEvent } from './catalogue.js';

/**
 * What a person can be told about, grouped the way they choose how to hear it (plain data: the SPA
 * imports these for the preferences tab).
 */
export const NOTIFICATION_KINDS = ['status', 'deliverable', 'comment', 'assignment', 'submission', 'moderation'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** How a kind reaches the inbox: at once, in the daily digest, or not by e-mail (the bell always). */
export const NOTIFICATION_MODES = ['immediate', 'digest', 'off'] as const;
export type NotificationMode = (typeof NOTIFICATION_MODES)[number];

export type NotificationPreferences = Record<NotificationKind, NotificationMode>;

/**
 * What someone who never chose gets: what moves their work (status, deliverables, assignments, new
 * projects for admins) at once; conversation and the moderation queue once a day.
 */
export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  status: 'immediate',
  deliverable: 'immediate',
  comment: 'digest',
  assignment: 'immediate',
  submission: 'immediate',
  moderation: 'digest',
};

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  status: 'Project status changes',
  deliverable: 'Deliverables uploaded',
  comment: 'Approved comments',
  assignment: 'Assignments and due dates',
  submission: 'New projects submitted',
  moderation: 'Comments waiting for moderation',
};

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

/** A user's modes: their choices over the defaults. */
export const preferencesOf = (chosen: Partial<NotificationPreferences> | null | undefined): NotificationPreferences => ({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...(chosen ?? {}) });
