import * as z from '../../../events/zod.js';
import type { SubscriptionStatus } from '../billing/events.js';
import type { Tier } from '../../../shared/plans.js';
import { PROJECT_STATUSES, type SystemRole, type UserType } from '../../../shared/vocabulary.js';
import { ACTIVITY_LIMIT } from '../activity/contracts.js';

/**
 * The admin dashboard's routes (docs/product.md#screens /admin, §3, §5, §8): bulk changes, global activity and
 * the user list (the board's filters are GET /api/projects's). Every route here is admin-only in the route table.
 */

const PROJECT_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

/** Blank query values mean "no filter". */
const optionalQuery = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(schema),
  );

// ---------------------------------------------------------------------------------------------
// POST /api/projects/bulk

/**
 * Either a status or a designer for up to 100 projects. `designer` is a user id, an e-mail (a
 * pre-authorised designer, or a registered one found by e-mail), or null to unassign.
 */
export const bulkUpdateBody = /* @__PURE__ */ (() =>
  z
    .strictObject({
      ids: z
        .array(z.string().check(z.regex(PROJECT_ID, 'Unknown project id')))
        .check(z.minLength(1, 'Please select projects first'), z.maxLength(100, 'At most 100 projects at a time')),
      status: z.optional(z.enum(PROJECT_STATUSES)),
      designer: z.optional(z.nullable(z.string().check(z.trim(), z.minLength(1), z.maxLength(320)))),
    })
    .check(
      z.refine((body) => (body.status !== undefined ? 1 : 0) + (body.designer !== undefined ? 1 : 0) === 1, {
        message: 'Give either status or designer',
      }),
    ))();
export type BulkUpdateBody = z.input<typeof bulkUpdateBody>;

export interface BulkUpdateResponse {
  /** Projects the command succeeded on (unchanged ones included: they already had the value). */
  updated: number;
  failed: { id: string; code: string; message: string }[];
}

// ---------------------------------------------------------------------------------------------
// GET /api/activity?q=&type=

export const ACTIVITY_TYPES = ['all', 'comments', 'files', 'status'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const activityQuery = /* @__PURE__ */ (() =>
  z.object({
    q: optionalQuery(z.string().check(z.trim(), z.maxLength(200))),
    type: optionalQuery(z.enum(ACTIVITY_TYPES)),
    limit: optionalQuery(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))),
    cursor: optionalQuery(z.string().check(z.maxLength(4096))),
  }))();
export const ACTIVITY_PAGE = { default: ACTIVITY_LIMIT, max: ACTIVITY_LIMIT };

/** What an activity is about, from the words of its action (docs/product.md#screens Global Activity). */
export type ActivityKind = 'comment' | 'file' | 'status' | 'other';

export interface GlobalActivity {
  id: string;
  project_id: string;
  project_title: string;
  user_id: string;
  /** The actor's name, or e-mail; 'Unknown User' when the profile is gone; 'System' for the system. */
  user_name: string;
  actor_role: string;
  action: string;
  details: string | null;
  kind: ActivityKind;
  created_at: string;
}

export interface GlobalActivityResponse {
  activities: GlobalActivity[];
  /** Pass as `cursor` for the next page (older); absent on the last one. */
  next_cursor?: string;
}

// ---------------------------------------------------------------------------------------------
// GET /api/users, GET /api/users/{id}

export const userIdParams = /* @__PURE__ */ (() =>
  z.object({
    id: z.string().check(z.trim(), z.minLength(1), z.maxLength(128), z.regex(/^[A-Za-z0-9-]+$/, 'User not found')),
  }))();

export interface AdminSubscription {
  status: SubscriptionStatus;
  plan_name: string | null;
  tier: Tier | null;
  current_period_end: string | null;
}

export interface AdminUser {
  id: string;
  full_name: string | null;
  email: string | null;
  phone: string | null;
  company: string | null;
  user_type: UserType;
  team_id: string | null;
  created_at: string | null;
  /** System roles (client unless granted another). */
  roles: SystemRole[];
  /** What the Role column shows: Admin, Designer, or the client's user type. */
  role_label: string;
  subscription: AdminSubscription | null;
}

export interface UserStats {
  total_users: number;
  active_subscriptions: number;
  architects: number;
  designers: number;
}

export interface UsersResponse {
  users: AdminUser[];
  /** From the counters: the whole list's, not the page's. */
  stats: UserStats;
  /** Pass as `cursor` for the next page; absent on the last one. */
  next_cursor?: string;
}

/** GET /api/users: a page of the list, newest first. */
export const usersQuery = /* @__PURE__ */ (() =>
  z.object({
    limit: optionalQuery(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))),
    cursor: optionalQuery(z.string().check(z.maxLength(4096))),
  }))();
export const USERS_PAGE = { default: 50, max: 100 };

export interface UserProjectSummary {
  id: string;
  title: string;
  project_type: string | null;
  status: string;
  created_at: string | null;
}

export interface UserTeam {
  id: string;
  name: string;
  members: { user_id: string | null; full_name: string | null; email: string | null; role: string; active: boolean }[];
}

export interface UserDetailsResponse {
  user: AdminUser;
  /**
   * active: queued, in_progress and needs_revision; completed: delivered (docs/product.md#limits, in this product's
   * statuses).
   */
  statistics: { total: number; active: number; completed: number };
  projects: UserProjectSummary[];
  team: UserTeam | null;
}
