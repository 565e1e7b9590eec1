import type { ProjectStatus } from '../../../shared/vocabulary.js';
import { designerAt, responsibleDesigner, type ProjectTimeline } from './timeline.js';
import {
  OPEN_STATUSES,
  type EstimateAccuracy,
  type EstimateRow,
  type InsightsReport,
  type Spread,
  type StudioTurnaround,
  type TurnaroundRow,
} from './contracts.js';
import { clientReviewOf } from './client-review.js';
import { cityReviewOf } from './city-review.js';
import {
  businessDaysBetween,
  daysBetween,
  mean,
  median,
  percentile,
  round2,
  share,
  weekOf,
  weeksBetween,
  DAY_MS,
} from './stats.js';

/**
 * The studio's figures for a date range, computed from project timelines (insights-timeline.ts).
 * Definitions, so a reader of a figure knows what it counts:
 * - a project is "delivered in the range" when its FIRST delivery falls in it; turnaround, estimate
 *   accuracy, time in status, quality and on-time figures are about those projects (a reopened
 *   project counts its reopenings under quality, and its time until its last delivery);
 * - turnaround is in calendar days: wait = submitted → first In Progress, work = first In Progress →
 *   first Delivered, total = submitted → first Delivered; medians, and p90 by nearest rank;
 * - the estimate is N business days (shown as N to N+2); "within range" means the actual business days
 *   from submission to first delivery are between N and N+2;
 * - designer figures name who held the project at its first delivery (work in hand: who holds it now);
 *   the designer filter keeps projects whose responsible designer (at delivery, else now) is that one.
 */

export interface InsightsFilter {
  /** Inclusive instants. */
  from: string;
  to: string;
  now: string;
  category?: string;
  type?: string;
  designer?: string;
}

export type { EstimateRow, InsightsReport, StudioTurnaround } from './contracts.js';

export const UNASSIGNED = 'unassigned';

const inRange = (at: string | null, filter: InsightsFilter): at is string =>
  !!at && at >= filter.from && at <= filter.to;

function spread(values: number[]): Spread {
  return { count: values.length, median: median(values), p90: percentile(values, 90) };
}

function turnaroundOf(projects: ProjectTimeline[]): TurnaroundRow {
  const wait: number[] = [];
  const work: number[] = [];
  const total: number[] = [];
  for (const p of projects) {
    total.push(daysBetween(p.submitted_at!, p.first_delivered_at!));
    // Delivered without ever being In Progress: no wait or work split to measure.
    if (p.first_started_at && p.first_started_at <= p.first_delivered_at!) {
      wait.push(daysBetween(p.submitted_at!, p.first_started_at));
      work.push(daysBetween(p.first_started_at, p.first_delivered_at!));
    }
  }
  return { wait: spread(wait), work: spread(work), total: spread(total) };
}

function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const k = key(item);
    groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return new Map([...groups].sort(([a], [b]) => a.localeCompare(b)));
}

const deliveryDesigner = (p: ProjectTimeline) => designerAt(p, p.first_delivered_at!);

/** A designer's label: the name the assignment carried, else their id or e-mail. */
function namesOf(projects: ProjectTimeline[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const p of projects)
    for (const spell of p.designers)
      if (spell.name || !names.has(spell.designer)) names.set(spell.designer, spell.name ?? spell.designer);
  names.set(UNASSIGNED, 'Unassigned');
  return names;
}

/** The status of a project at an instant (null: not yet submitted). */
export function statusAt(p: ProjectTimeline, at: string): ProjectStatus | null {
  for (let i = p.intervals.length - 1; i >= 0; i -= 1) {
    const interval = p.intervals[i]!;
    if (interval.from <= at && (interval.to === null || interval.to > at)) return interval.status;
  }
  return null;
}

export function matchesFilter(
  p: ProjectTimeline,
  filter: Pick<InsightsFilter, 'category' | 'type' | 'designer'>,
): boolean {
  if (!p.submitted_at || !p.id) return false;
  if (filter.category && p.category !== filter.category) return false;
  if (filter.type && p.type !== filter.type) return false;
  if (filter.designer && (responsibleDesigner(p)?.designer ?? UNASSIGNED) !== filter.designer) return false;
  return true;
}

/**
 * A delivered project's estimate against its actual turnaround; only checklists the estimator made as they were count.
 */
export function estimateRowOf(p: ProjectTimeline): EstimateRow | null {
  if (!estimatedByTheEstimator(p) || p.estimate_days === null || !p.submitted_at || !p.first_delivered_at) return null;
  const actual = businessDaysBetween(p.submitted_at, p.first_delivered_at);
  return {
    project_id: p.id!,
    title: p.title,
    basis: p.estimate_basis,
    estimated_days: p.estimate_days,
    actual_days: actual,
    within_range: actual >= p.estimate_days && actual <= p.estimate_days + 2,
  };
}

/** Older stored timelines have no origin: they were counted before, as 'generated'. */
const estimatedByTheEstimator = (p: ProjectTimeline) => (p.checklist_origin ?? 'generated') === 'generated';

function accuracyOf(basis: EstimateAccuracy['basis'], rows: EstimateRow[]): EstimateAccuracy {
  const within = rows.filter((row) => row.within_range).length;
  return {
    basis,
    projects: rows.length,
    within_range: within,
    within_share: share(within, rows.length),
    late: rows.filter((row) => row.actual_days > row.estimated_days + 2).length,
    early: rows.filter((row) => row.actual_days < row.estimated_days).length,
    median_error_days: median(rows.map((row) => row.actual_days - row.estimated_days)),
    mean_abs_error_days: mean(rows.map((row) => Math.abs(row.actual_days - row.estimated_days))),
  };
}

/** Days spent in each status over a project's life until its last delivery (or `until`). */
function timeInStatus(p: ProjectTimeline, until: string): Map<ProjectStatus, number> {
  const spent = new Map<ProjectStatus, number>();
  for (const [status, days] of Object.entries(p.earlier_days ?? {}) as [ProjectStatus, number][])
    if (status !== 'delivered') spent.set(status, days);
  for (const interval of p.intervals) {
    if (interval.status === 'delivered') continue;
    const end = interval.to ?? until;
    spent.set(interval.status, (spent.get(interval.status) ?? 0) + Math.max(0, daysBetween(interval.from, end)));
  }
  return spent;
}

export function computeInsights(timelines: readonly ProjectTimeline[], filter: InsightsFilter): InsightsReport {
  // Projects last delivered before the range have nothing in it (the query layer does not even read them).
  const scope = timelines.filter(
    (p) => matchesFilter(p, filter) && (p.status !== 'delivered' || p.last_delivered_at! >= filter.from),
  );
  const names = namesOf(scope);
  const nameOf = (designer: string) => names.get(designer) ?? designer;
  const delivered = scope
    .filter((p) => inRange(p.first_delivered_at, filter))
    .sort((a, b) => a.first_delivered_at!.localeCompare(b.first_delivered_at!));
  // biome-ignore lint/complexity/useMathMinMax: ISO time strings compare in time order; Math.min takes numbers.
  const asOf = filter.to < filter.now ? filter.to : filter.now;

  const byType = groupBy(delivered, (p) => p.type ?? '');
  const byDesigner = groupBy(delivered, (p) => deliveryDesigner(p)?.designer ?? UNASSIGNED);

  const estimateRows = delivered.map(estimateRowOf).filter((row): row is EstimateRow => row !== null);

  const weeks = weeksBetween(filter.from, filter.to);
  const count = (at: (p: ProjectTimeline) => string | null) => {
    const counts = new Map<string, number>();
    for (const p of scope) {
      const instant = at(p);
      if (inRange(instant, filter)) counts.set(weekOf(instant), (counts.get(weekOf(instant)) ?? 0) + 1);
    }
    return counts;
  };
  const submittedWeekly = count((p) => p.submitted_at);
  const startedWeekly = count((p) => p.first_started_at);
  const deliveredWeekly = count((p) => p.first_delivered_at);
  const wip = weeks
    .map((week) => {
      const end = new Date(Date.parse(week) + 7 * DAY_MS - 1).toISOString();
      // biome-ignore lint/complexity/useMathMinMax: ISO time strings compare in time order; Math.min takes numbers.
      const at = end < asOf ? end : asOf;
      const row = { week, at, queued: 0, in_progress: 0, needs_revision: 0 };
      for (const p of scope) {
        const status = statusAt(p, at);
        if (status && status !== 'delivered') row[status] += 1;
      }
      return row;
    })
    // Weeks not begun yet have no work in progress to show.
    .filter((row) => row.at >= filter.from && row.week <= asOf);

  let oldest: InsightsReport['flow']['oldest_queued'] = null;
  for (const p of scope) {
    const interval = p.intervals.findLast((i) => i.from <= asOf);
    if (interval?.status !== 'queued' || (interval.to !== null && interval.to <= asOf)) continue;
    if (!oldest || interval.from < oldest.since)
      oldest = {
        project_id: p.id!,
        title: p.title,
        since: interval.from,
        days: round2(daysBetween(interval.from, asOf)),
      };
  }

  const spent = delivered.map((p) => timeInStatus(p, p.last_delivered_at ?? p.first_delivered_at!));
  const timeInStatusRows = OPEN_STATUSES.map((status) => {
    const entered = spent.filter((m) => m.has(status)).map((m) => m.get(status)!);
    return {
      status,
      projects: entered.length,
      median_days: median(entered),
      mean_days: mean(spent.map((m) => m.get(status) ?? 0)),
    };
  });

  const revisions = delivered.reduce((sum, p) => sum + p.revisions, 0);
  const posted = delivered.reduce((sum, p) => sum + p.comments_posted, 0);
  const rejected = delivered.reduce((sum, p) => sum + p.comments_rejected, 0);
  const withRevisions = delivered.filter((p) => p.revisions > 0).length;
  const bucket = (n: number) => (n >= 3 ? '3+' : (String(n) as '0' | '1' | '2'));

  const active = new Map<string, { queued: number; in_progress: number; needs_revision: number }>();
  for (const p of scope) {
    if (p.status === 'delivered') continue;
    const holder = p.designers.at(-1);
    const designer = holder && holder.to === null ? holder.designer : UNASSIGNED;
    const row = active.get(designer) ?? { queued: 0, in_progress: 0, needs_revision: 0 };
    row[p.status] += 1;
    active.set(designer, row);
  }

  const perDesignerWeek = groupBy(
    delivered,
    (p) => `${weekOf(p.first_delivered_at!)}\u0000${deliveryDesigner(p)?.designer ?? UNASSIGNED}`,
  );
  const dueDelivered = delivered.filter((p) => p.due_date);
  const onTime = dueDelivered.filter((p) => p.first_delivered_at!.slice(0, 10) <= p.due_date!).length;
  const today = filter.now.slice(0, 10);

  return {
    range: { from: filter.from, to: filter.to, now: filter.now },
    projects_in_scope: scope.length,
    delivered_in_range: delivered.length,
    turnaround: {
      overall: turnaroundOf(delivered),
      by_type: [...byType].map(([type, projects]) => ({ type, ...turnaroundOf(projects) })),
      by_designer: [...byDesigner].map(([designer, projects]) => ({
        designer,
        name: nameOf(designer),
        ...turnaroundOf(projects),
      })),
    },
    estimates: {
      accuracy: [
        accuracyOf('all', estimateRows),
        accuracyOf(
          'generic',
          estimateRows.filter((row) => row.basis === 'generic'),
        ),
        accuracyOf(
          'studio',
          estimateRows.filter((row) => row.basis === 'studio'),
        ),
      ],
      projects: estimateRows,
      excluded: {
        edited: delivered.filter((p) => p.checklist_origin === 'edited').length,
        manual: delivered.filter((p) => p.checklist_origin === 'manual').length,
      },
    },
    flow: {
      weeks: weeks.map((week) => ({
        week,
        submitted: submittedWeekly.get(week) ?? 0,
        started: startedWeekly.get(week) ?? 0,
        delivered: deliveredWeekly.get(week) ?? 0,
      })),
      wip,
      oldest_queued: oldest,
      time_in_status: timeInStatusRows,
    },
    quality: {
      projects: delivered.length,
      with_revisions: withRevisions,
      revision_rate: share(withRevisions, delivered.length),
      revisions,
      revisions_per_project: delivered.length ? round2(revisions / delivered.length) : null,
      revision_counts: (['0', '1', '2', '3+'] as const).map((revisions) => ({
        revisions,
        projects: delivered.filter((p) => bucket(p.revisions) === revisions).length,
      })),
      reopened: delivered.filter((p) => p.reopened > 0).length,
      comments_posted: posted,
      comments_per_project: delivered.length ? round2(posted / delivered.length) : null,
      comments_rejected: rejected,
      rejected_share: share(rejected, posted),
    },
    client_review: clientReviewOf(scope, filter),
    city_review: cityReviewOf(scope, filter),
    workload: {
      active_now: [...active]
        .map(([designer, row]) => ({
          designer,
          name: nameOf(designer),
          ...row,
          total: row.queued + row.in_progress + row.needs_revision,
        }))
        .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name)),
      delivered_weekly: [...perDesignerWeek].map(([key, projects]) => {
        const [week, designer] = key.split('\u0000') as [string, string];
        return { week, designer, name: nameOf(designer), delivered: projects.length };
      }),
    },
    on_time: {
      delivered_with_due_date: dueDelivered.length,
      delivered_on_time: onTime,
      on_time_share: share(onTime, dueDelivered.length),
      overdue_now: scope
        .filter((p) => p.status !== 'delivered' && p.due_date && p.due_date < today)
        .map((p) => {
          const holder = p.designers.at(-1);
          return {
            project_id: p.id!,
            title: p.title,
            due_date: p.due_date!,
            days_overdue: Math.round(daysBetween(`${p.due_date!}T00:00:00.000Z`, `${today}T00:00:00.000Z`)),
            designer: holder && holder.to === null ? nameOf(holder.designer) : null,
          };
        })
        .sort((a, b) => b.days_overdue - a.days_overdue || a.title.localeCompare(b.title)),
    },
  };
}

/** From the latest deliveries of similar projects: their actual business days, submission to first delivery. */
export function studioTurnaround(timelines: readonly ProjectTimeline[]): StudioTurnaround | null {
  const rows = timelines.map(estimateRowOf).filter((row): row is EstimateRow => row !== null);
  if (rows.length === 0) return null;
  return {
    deliveries: rows.length,
    median_actual_days: median(rows.map((row) => row.actual_days))!,
    median_estimated_days: median(rows.map((row) => row.estimated_days)),
  };
}
