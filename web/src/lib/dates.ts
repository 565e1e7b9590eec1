import { plural } from './vocabulary.js';
/** Dates on the admin screens: 'MMM d, yyyy' (docs/product.md#limits), due dates as calendar days in local time. */

const DAY_MS = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A Date for an ISO instant, or for a 'yyyy-mm-dd' day at local midnight (not UTC, which can shift the day). */
export function parseDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const day = DATE_ONLY.exec(value);
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'MMM d, yyyy': "Nov 22, 2025"; '' when absent. */
export function formatDate(value: string | null | undefined): string {
  const date = parseDate(value);
  return date ? date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' }) : '';
}

/** "Nov 22, 2025 at 3:04 PM". */
export function formatDateTime(value: string | null | undefined): string {
  const date = parseDate(value);
  if (!date) return '';
  return `${formatDate(value)} at ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' })}`;
}

const startOfDay = (date: Date) => new Date(date.getFullYear(), date.getMonth(), date.getDate());

/** Whole calendar days from today to the date (negative when past). */
export function daysUntil(value: string | null | undefined, now = new Date()): number | null {
  const date = parseDate(value);
  if (!date) return null;
  return Math.round((startOfDay(date).getTime() - startOfDay(now).getTime()) / DAY_MS);
}

/** A due date before today. */
export const isOverdue = (due: string | null | undefined, now = new Date()) => (daysUntil(due, now) ?? 0) < 0;

/** The Designer Review queue's text (docs/product.md#screens). */
export function daysRemainingText(due: string | null | undefined, now = new Date()): string {
  const days = daysUntil(due, now);
  if (days === null) return 'No due date';
  if (days < 0) return `${plural(-days, 'day')} overdue`;
  if (days === 0) return 'Due today';
  return `${plural(days, 'day')} remaining`;
}

export type DayGroup = 'Today' | 'Yesterday' | 'Earlier';
export const DAY_GROUPS: readonly DayGroup[] = ['Today', 'Yesterday', 'Earlier'];

/** Today, Yesterday or Earlier, by the local calendar day. */
export function dayGroup(value: string, now = new Date()): DayGroup {
  const days = daysUntil(value, now);
  if (days === 0 || (days !== null && days > 0)) return 'Today';
  if (days === -1) return 'Yesterday';
  return 'Earlier';
}

/** "3:04 PM" today and yesterday, else 'MMM d, yyyy'. */
export function activityTime(value: string, now = new Date()): string {
  const group = dayGroup(value, now);
  const date = parseDate(value);
  if (!date) return '';
  return group === 'Earlier'
    ? formatDateTime(value)
    : date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
}
