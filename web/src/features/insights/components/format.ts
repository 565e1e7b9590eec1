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
