/** Notification kinds, modes and defaults: plain data (the SPA imports these too). */

/**
 * What a person can be told about, grouped the way they choose how to hear it (plain data: the SPA
 * imports these for the preferences tab).
 */
export const NOTIFICATION_KINDS = [
  'status',
  'deliverable',
  'comment',
  'assignment',
  'submission',
  'moderation',
] as const;
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

/** A user's modes: their choices over the defaults. */
export const preferencesOf = (
  chosen: Partial<NotificationPreferences> | null | undefined,
): NotificationPreferences => ({ ...DEFAULT_NOTIFICATION_PREFERENCES, ...(chosen ?? {}) });
