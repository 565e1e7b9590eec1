/** How the Insights tab writes its figures. */

export const days = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${value.toFixed(1)} d`;
export const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : `${Math.round(value * 100)}%`;
export const count = (value: number | null | undefined) =>
  value === null || value === undefined ? '—' : String(value);

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
/** A week by its Monday: "Nov 2". */
export const weekLabel = (week: string) => SHORT.format(new Date(`${week}T00:00:00Z`));

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** A day (YYYY-MM-DD) or an instant as a person reads it in a table: "Nov 23, 2026" (the CSV keeps the ISO form). */
export const dayLabel = (value: string | null) => {
  if (!value) return '—';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : DAY.format(date);
};

export const STATUS_LABEL: Record<string, string> = {
  queued: 'Queued',
  in_progress: 'In Progress',
  needs_revision: 'Needs Revision',
  delivered: 'Delivered',
};
export const BASIS_LABEL: Record<string, string> = {
  all: 'All estimates',
  generic: 'Without studio figures',
  studio: 'With studio figures',
};

/** YYYY-MM-DD (UTC) n days from today. */
export function isoDay(offsetDays = 0): string {
  return new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
}
