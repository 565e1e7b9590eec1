import {
  computeInsights,
  studioTurnaround,
  type InsightsFilter,
  type InsightsReport,
  type StudioTurnaround,
} from './report.js';
import type { ProjectTimeline } from './timeline.js';
import { INSIGHTS_OPEN, insightsMonthPartition, similarPartition } from './keys.js';
import type { Runtime } from '../../platform/runtime.js';
import type { ViewItem } from '../../platform/views/views.js';
import { profilesOf } from '../users/queries.js';

/** A timeline as its item holds it: the insights projection's state, on its checkpoint. */
const timelineOf = (item: ViewItem) => JSON.parse(item.state as string) as ProjectTimeline;

/** Every month (YYYY-MM) from one instant's to another's. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let year = Number(from.slice(0, 4));
  let month = Number(from.slice(5, 7));
  const last = to.slice(0, 7);
  for (let key = from.slice(0, 7); key <= last; key = `${year}-${String(month).padStart(2, '0')}`) {
    months.push(key);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return months;
}

/**
 * The timelines that can count in a range: open projects, and those last delivered from the range's
 * first month on (a project delivered before the range started has nothing in it).
 */
export async function timelinesFor(runtime: Runtime, from: string, now: string): Promise<ProjectTimeline[]> {
  const { active } = await runtime.views.generations();
  const partitions = [INSIGHTS_OPEN, ...monthsBetween(from, now).map(insightsMonthPartition)];
  const pages = await Promise.all(
    partitions.map((pk) => runtime.views.query(active, { index: 'gsi1', pk }, { ascending: true })),
  );
  return pages.flat().map(timelineOf);
}

export async function insightsReport(runtime: Runtime, filter: InsightsFilter): Promise<InsightsReport> {
  const report = computeInsights(await timelinesFor(runtime, filter.from, filter.now), filter);
  return named(runtime, report);
}

/** Designers whose assignments carried no name are shown by their profile's name (else their id or e-mail). */
async function named(runtime: Runtime, report: InsightsReport): Promise<InsightsReport> {
  const rows = [...report.turnaround.by_designer, ...report.workload.active_now, ...report.workload.delivered_weekly];
  const unnamed = rows
    .filter((row) => row.name === row.designer && !row.designer.includes('@'))
    .map((row) => row.designer);
  if (unnamed.length === 0) return report;
  const people = await profilesOf(runtime, unnamed);
  for (const row of rows) {
    const person = row.name === row.designer ? people.get(row.designer) : undefined;
    if (person) row.name = person.full_name ?? person.email ?? row.name;
  }
  return report;
}

/** How many recent deliveries of similar work the checklist step weighs. */
export const SIMILAR_DELIVERIES = 20;
/** Older deliveries say little about how the studio works today. */
export const SIMILAR_WINDOW_DAYS = 365;

/** The studio's actual turnaround on the latest deliveries of the same category and type (null: none). */
export async function similarTurnaround(
  runtime: Runtime,
  category: string,
  type: string,
): Promise<StudioTurnaround | null> {
  const { active } = await runtime.views.generations();
  const items = await runtime.views.query(
    active,
    { index: 'gsi2', pk: similarPartition(category, type) },
    { limit: SIMILAR_DELIVERIES },
  );
  const since = new Date(runtime.now().getTime() - SIMILAR_WINDOW_DAYS * 86_400_000).toISOString();
  return studioTurnaround(items.map(timelineOf).filter((timeline) => (timeline.first_delivered_at ?? '') >= since));
}
