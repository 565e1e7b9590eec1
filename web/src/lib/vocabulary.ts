/**
 * The studio's words for every value the system stores: one place the screens take them from, so
 * no screen shows `in_progress`, `single_family` or `fix_flipper`. Plain functions, no React.
 */
import { propertyTypeLabel } from '#shared/intake-options.js';
import { humanize, type ProjectStatus } from '#shared/vocabulary.js';

/** The four project statuses in board order, with the labels clients and admins see. */
export const PROJECT_STATUSES: readonly { value: ProjectStatus; label: string }[] = [
  { value: 'queued', label: 'Queued' },
  { value: 'in_progress', label: 'In Progress' },
  { value: 'needs_revision', label: 'Needs Revision' },
  { value: 'delivered', label: 'Delivered' },
];

/** Who reads the label: designers call needs_revision 'Needs Review' (docs/product.md#states). */
export type StatusAudience = 'client' | 'admin' | 'designer';

export function statusLabel(status: string, audience: StatusAudience = 'client'): string {
  if (audience === 'designer' && status === 'needs_revision') return 'Needs Review';
  return PROJECT_STATUSES.find((s) => s.value === status)?.label ?? status.replace(/_/g, ' ');
}

/** A property type as the wizard names it (shared/intake-options.ts), so a card says what the client picked. */
export function propertyTypeWords(value: string | null | undefined): string {
  if (!value) return 'N/A';
  return propertyTypeLabel(value) ?? humanize(value);
}

const ROLE_WORDS: Record<string, string> = { admin: 'Admin', designer: 'Designer', client: 'Client' };

/** A system role ('admin') as people say it ('Admin'). */
export const roleWords = (value: string | null | undefined) => (value ? (ROLE_WORDS[value] ?? humanize(value)) : '');

/** '1 day', '2 days': a count with its noun, singular for one. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${Math.abs(count) === 1 ? one : many}`;
}
