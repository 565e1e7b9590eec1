/** Display helpers shared by the screens. Pure functions, no React. */
export { humanize } from '../../../events/vocabulary.js';

/** Up to two initials from a name, else from the e-mail's local part. */
export function initials(name: string | null | undefined, email?: string | null): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length >= 2) return (words[0]![0]! + words[words.length - 1]![0]!).toUpperCase();
  if (words.length === 1) return words[0]!.slice(0, 2).toUpperCase();
  const local = (email ?? '').split('@')[0] ?? '';
  return local.slice(0, 2).toUpperCase() || '?';
}

/** Property type with underscores turned into spaces: "single_family" -> "single family"; N/A if missing. */
export function propertyTypeLabel(value: string | null | undefined): string {
  return value ? value.replace(/_/g, ' ') : 'N/A';
}

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

/** Short month and day: "Nov 22". */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/** "MMM d, yyyy": "Nov 22, 2025". */
export function longDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
}
