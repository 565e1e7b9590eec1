import * as z from '../../../events/zod.js';
import { PROJECT_CATEGORIES, type ProjectStatus } from '../../../shared/vocabulary.js';

/** Which rates an estimate was made with: the studio's own history, or generic ones. */
export type EstimateBasis = 'studio' | 'generic';

/** The studio's record on similar work, for the checklist step (see adapters/checklist). */
export interface StudioTurnaround {
  deliveries: number;
  /** Business days from submission to first delivery, median. */
  median_actual_days: number;
  /** What their checklists estimated (N of "N to N+2"), median; null when none had one. */
  median_estimated_days: number | null;
}

/** GET /api/insights: the report's parts (report.ts computes them from the projects' timelines). */
export interface Spread {
  count: number;
  median: number | null;
  p90: number | null;
}

export interface TurnaroundRow {
  wait: Spread;
  work: Spread;
  total: Spread;
}

export interface EstimateRow {
  project_id: string;
  title: string;
  basis: EstimateBasis;
  estimated_days: number;
  actual_days: number;
  within_range: boolean;
}

export interface EstimateAccuracy {
  basis: EstimateBasis | 'all';
  projects: number;
  within_range: number;
  within_share: number | null;
  late: number;
  early: number;
  median_error_days: number | null;
  mean_abs_error_days: number | null;
}

export const OPEN_STATUSES = ['queued', 'in_progress', 'needs_revision'] as const satisfies readonly ProjectStatus[];

export interface InsightsReport {
  range: { from: string; to: string; now: string };
  /** Projects matching the filters that are open, or were last delivered in or after the range. */
  projects_in_scope: number;
  delivered_in_range: number;
  turnaround: {
    overall: TurnaroundRow;
    by_type: (TurnaroundRow & { type: string })[];
    by_designer: (TurnaroundRow & { designer: string; name: string })[];
  };
  /**
   * `accuracy` and `projects` count only checklists submitted as the estimator made them; `excluded`
   * says how many delivered projects had an edited or hand-made one instead.
   */
  estimates: { accuracy: EstimateAccuracy[]; projects: EstimateRow[]; excluded: { edited: number; manual: number } };
  flow: {
    weeks: { week: string; submitted: number; started: number; delivered: number }[];
    wip: { week: string; at: string; queued: number; in_progress: number; needs_revision: number }[];
    oldest_queued: { project_id: string; title: string; since: string; days: number } | null;
    time_in_status: {
      status: (typeof OPEN_STATUSES)[number];
      projects: number;
      median_days: number | null;
      mean_days: number | null;
    }[];
  };
  quality: {
    projects: number;
    with_revisions: number;
    revision_rate: number | null;
    revisions: number;
    revisions_per_project: number | null;
    revision_counts: { revisions: '0' | '1' | '2' | '3+'; projects: number }[];
    reopened: number;
    comments_posted: number;
    comments_per_project: number | null;
    comments_rejected: number;
    rejected_share: number | null;
  };
  /** The client's review: revision rounds from change requests, delivery to approval (client-review.ts). */
  client_review: ClientReviewFigures;
  /**
   * Permit projects through the city: rounds, items, days from the first corrections to the permit (city-review.ts).
   */
  city_review?: CityReviewFigures;
  workload: {
    active_now: {
      designer: string;
      name: string;
      queued: number;
      in_progress: number;
      needs_revision: number;
      total: number;
    }[];
    delivered_weekly: { week: string; designer: string; name: string; delivered: number }[];
  };
  on_time: {
    delivered_with_due_date: number;
    delivered_on_time: number;
    on_time_share: number | null;
    overdue_now: {
      project_id: string;
      title: string;
      due_date: string;
      days_overdue: number;
      designer: string | null;
    }[];
  };
}

/**
 * The client's review figures (client-review.ts computes them): projects whose first deliverable was uploaded in the
 * range.
 */
export interface ClientReviewFigures {
  /** Projects whose first deliverable was uploaded in the range. */
  projects: number;
  /** Of those, how many the client sent back at least once. */
  with_change_requests: number;
  change_request_rate: number | null;
  /** Revision rounds opened by change requests, in all and per project. */
  rounds: number;
  rounds_per_project: number | null;
  round_counts: { rounds: '0' | '1' | '2' | '3+'; projects: number }[];
  /** Of those, how many the client has approved (every current deliverable). */
  approved: number;
  /** Calendar days from the first deliverable to the client's approval of every current one. */
  delivery_to_approval: { count: number; median: number | null; p90: number | null };
  /** Each project's figures (first deliverable first). */
  by_project: {
    project_id: string;
    title: string;
    rounds: number;
    first_deliverable_at: string;
    approved_at: string | null;
    days_to_approval: number | null;
  }[];
}

/** The permit section (city-review.ts computes it): permit projects whose first city corrections came in the range. */
export interface CityReviewFigures {
  projects: number;
  rounds: number;
  rounds_per_project: number | null;
  /** Items per plan check round, over every round of those projects. */
  items_per_round: number | null;
  approved: number;
  /** Calendar days from the city's first corrections to the permit. */
  corrections_to_permit: { count: number; median: number | null; p90: number | null };
  /** Items of the latest rounds still open across the studio now (every permit project in scope). */
  open_items_now: number;
  by_project: {
    project_id: string;
    title: string;
    rounds: number;
    items_per_round: number[];
    open_items: number;
    first_corrections_at: string;
    approved_at: string | null;
    days_to_permit: number | null;
  }[];
}

/** The default range: the last 30 days. */
export const DEFAULT_RANGE_DAYS = 30;
/** A range longer than this reads too much at once (and says little week by week). */
export const MAX_RANGE_DAYS = 731;

const blankIsNone = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(
    z.transform((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value)),
    z.optional(schema),
  );

/** Nothing happened before it; a range reads every month from its start on, so a start in year 0 would read 24,000. */
export const EARLIEST_DAY = '2020-01-01';

const day = /* @__PURE__ */ (() =>
  z.iso
    .date({ message: 'Use a date like 2026-11-01' })
    .check(z.refine((value) => value >= EARLIEST_DAY, { message: `Choose dates from ${EARLIEST_DAY} on` })))();

/**
 * GET /api/insights?from=&to=&category=&type=&designer= (admin): `from` and `to` are days (UTC,
 * inclusive); the rest narrow the projects counted.
 */
export const insightsQuery = /* @__PURE__ */ (() =>
  z
    .strictObject({
      from: blankIsNone(day),
      to: blankIsNone(day),
      category: blankIsNone(z.enum(PROJECT_CATEGORIES, { message: 'Category must be Design or Permit' })),
      type: blankIsNone(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
      designer: blankIsNone(z.string().check(z.trim(), z.minLength(1), z.maxLength(320))),
    })
    .check(
      z.refine((query) => !query.from || !query.to || query.from <= query.to, {
        message: 'The start date must not be after the end date',
        path: ['from'],
      }),
      z.refine(
        (query) =>
          !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) <= MAX_RANGE_DAYS * 86_400_000,
        {
          message: `Choose a range of at most ${MAX_RANGE_DAYS} days`,
          path: ['to'],
        },
      ),
    ))();
export type InsightsQuery = z.input<typeof insightsQuery>;
