import type { ActivityType } from '../../projects/api/admin-api.js';

/** The query keys of the admin dashboard's own views (its project views use projectKeys). */
export const adminKeys = {
  activity: (q: string, type: ActivityType) => ['admin', 'activity', q, type] as const,
  users: () => ['admin', 'users'] as const,
  user: (id: string) => ['admin', 'users', id] as const,
  moderation: () => ['admin', 'moderation'] as const,
  /** Every designer, all pages (filters and bulk assignment). */
  designers: () => ['designers', 'all'] as const,
};
