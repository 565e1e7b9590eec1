import type { ActivityType } from '#features/users/admin-contracts.js';

/** The query keys of the admin's activity views (a project's own feed is under projectKeys.activity). */
export const activityKeys = {
  global: (q: string, type: ActivityType) => ['admin', 'activity', q, type] as const,
  moderation: () => ['admin', 'moderation'] as const,
};
