/** How the screens show a project's figures and dates: pure helpers, no React, no API. */
import type { ProjectStatus } from '#shared/vocabulary.js';
import { monthDayYear } from './format.js';

/** The statuses a designer may set, in the selector's order (docs/product.md#states). */
export const DESIGNER_STATUS_OPTIONS: readonly ProjectStatus[] = ['in_progress', 'needs_revision'];

export const PRIORITY_OPTIONS = ['Urgent', 'Normal', 'Low'] as const;

/** Projects per status, every status present (0 when none). */
export function groupByStatus<T extends { status: string }>(projects: readonly T[]): Record<ProjectStatus, T[]> {
  const groups: Record<ProjectStatus, T[]> = { queued: [], in_progress: [], needs_revision: [], delivered: [] };
  for (const project of projects) {
    if (project.status in groups) groups[project.status as ProjectStatus].push(project);
  }
  return groups;
}

/** Number of projects per status. */
export function countByStatus(projects: readonly { status: string }[]): Record<ProjectStatus, number> {
  const groups = groupByStatus(projects);
  return {
    queued: groups.queued.length,
    in_progress: groups.in_progress.length,
    needs_revision: groups.needs_revision.length,
    delivered: groups.delivered.length,
  };
}

/** Shown wherever a turnaround estimate is (docs/product.md#who-it-is-for). */
export const TURNAROUND_DISCLAIMER =
  'Turnaround estimates are AI-generated and may vary. Pro plan projects are prioritized but not guaranteed within ' +
  'specific timeframes.';

/** "N to N+2 business days" (the detail dialog), or 'Pending estimate'. */
export function turnaroundBusinessDays(days: number | null | undefined): string {
  return days === null || days === undefined ? 'Pending estimate' : `${days} to ${days + 2} business days`;
}

/** Checklist hours with one decimal (docs/product.md#limits). */
export const formatHours = (hours: number) => `${(Math.round(hours * 10) / 10).toFixed(1)}`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar date (YYYY-MM-DD) as 'MMM d, yyyy', read as a local date (no time-zone shift). */
export function calendarDate(value: string | null | undefined): string {
  if (!value) return '';
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return '';
  return monthDayYear(new Date(year, month - 1, day));
}

/** Whole days from today to a due date (negative when past), or null without one. */
export function daysUntil(due: string | null | undefined, now = new Date()): number | null {
  if (!due) return null;
  const [year, month, day] = due.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day) return null;
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((new Date(year, month - 1, day).getTime() - today.getTime()) / DAY_MS);
}

/** Designers' due flags (docs/product.md#limits): overdue below 0 days left, due soon at 0 to 3. */
export function dueFlag(due: string | null | undefined, now = new Date()): 'overdue' | 'due-soon' | null {
  const days = daysUntil(due, now);
  if (days === null) return null;
  if (days < 0) return 'overdue';
  if (days <= 3) return 'due-soon';
  return null;
}

/** Turns `fix_flipper` into `Fix Flipper`. */
export const typeLabel = (value: string | null | undefined) =>
  (value ?? '')
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
