/**
 * The studio's words for every value the system stores: one place the screens take them from, so
 * no screen shows `in_progress`, `single_family` or `fix_flipper`. Plain functions, no React.
 */
import { propertyTypeLabel } from '#shared/intake-options.js';
import { humanize } from '#shared/vocabulary.js';

export { statusLabel, type StatusAudience } from '../features/projects/api/projects.js';

/** A property type as the wizard names it (shared/intake-options.ts), so a card says what the client picked. */
export function propertyTypeWords(value: string | null | undefined): string {
  if (!value) return 'N/A';
  return propertyTypeLabel(value) ?? humanize(value);
}

const ROLE_WORDS: Record<string, string> = { admin: 'Admin', designer: 'Designer', client: 'Client' };

/** A system role ('admin') as people say it ('Admin'). */
export const roleWords = (value: string | null | undefined) => (value ? (ROLE_WORDS[value] ?? humanize(value)) : '');

/** A user type (`interior_designer`) as 'Interior Designer'. */
export const userTypeWords = (value: string | null | undefined) => (value ? humanize(value) : '');

/** Priorities are stored in words already ('Urgent'); anything else is humanized. */
export const priorityWords = (value: string | null | undefined) => (value ? humanize(value) : 'Normal');

/** '1 day', '2 days': a count with its noun, singular for one. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${Math.abs(count) === 1 ? one : many}`;
}
