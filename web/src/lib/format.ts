/** Display helpers shared by the screens. Pure functions, no React. */
export { humanize } from '#shared/vocabulary.js';

/** Up to two initials from a name, else from the e-mail's local part. */
export function initials(name: string | null | undefined, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  const local = (email ?? '').split('@')[0] ?? '';
  return local.slice(0, 2).toUpperCase() || '?';
}

/** Property type in the wizard's words: "single_family" -> "Single Family"; N/A if missing. */
export { propertyTypeWords as propertyTypeLabel } from './vocabulary.js';

export type TurnaroundTone = 'fast' | 'medium' | 'slow' | 'pending';

/** Green at 4 days or fewer, orange at 8 or fewer, red above. */
export function turnaroundTone(days: number | null | undefined): TurnaroundTone {
  if (days === null || days === undefined) return 'pending';
  if (days <= 4) return 'fast';
  if (days <= 8) return 'medium';
  return 'slow';
}

/** "2–4 days", or "Pending estimate" when there is none. */
export function turnaroundRange(days: number | null | undefined): string {
  if (days === null || days === undefined) return 'Pending estimate';
  return `${days}–${days + 2} days`;
}

/*
 * US-English dates, written out by hand: the first Intl/toLocaleDateString call of a page loads the
 * locale data, a long task on a slow phone, and these strings are all the screens need.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A local date as "Nov 22" (en-US, month short, day numeric). */
export const monthDay = (date: Date) => `${SHORT_MONTHS[date.getMonth()]} ${date.getDate()}`;

/** A local date as "Nov 22, 2025" (en-US, month short, day and year numeric). */
export const monthDayYear = (date: Date) => `${monthDay(date)}, ${date.getFullYear()}`;

/** A local date as "November 2025" (en-US, month long, year numeric). */
export const monthYear = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getFullYear()}`;

/** Short month and day: "Nov 22". */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : monthDay(date);
}

/** "MMM d, yyyy": "Nov 22, 2025". */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : monthDayYear(date);
}

/**
 * A price in whole dollars as "$1,499" (what `toLocaleString('en-US')` gives, without loading the
 * locale data); fractions fall back to toLocaleString.
 */
export function formatPrice(dollars: number): string {
  if (!Number.isSafeInteger(dollars)) return `$${dollars.toLocaleString('en-US')}`;
  const sign = dollars < 0 ? '-' : '';
  return `$${sign}${String(Math.abs(dollars)).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}
