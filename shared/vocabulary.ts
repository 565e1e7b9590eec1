/**
 * The product's fixed value sets (docs/product.md#records, docs/product.md#records). Plain data: the SPA imports these
 * too.
 */

export const USER_TYPES = [
  'architect',
  'interior_designer',
  'contractor',
  'developer',
  'fix_flipper',
  'homeowner',
] as const;
export type UserType = (typeof USER_TYPES)[number];

export const SYSTEM_ROLES = ['client', 'designer', 'admin'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const PROJECT_STATUSES = ['queued', 'in_progress', 'needs_revision', 'delivered'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_CATEGORIES = ['Design', 'Permit'] as const;
export type ProjectCategory = (typeof PROJECT_CATEGORIES)[number];

export const PRIORITIES = ['Urgent', 'Normal', 'Low'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const DESIGN_PRIORITIES = ['Layout Optimization', 'Finishes & Materials', 'Visualization'] as const;
export const ROOMS = [
  'Kitchen',
  'Bathroom',
  'Bedroom',
  'Living Room',
  'Dining Room',
  'Office',
  'Outdoor Space',
] as const;

export const PROPERTY_TYPES = {
  Design: ['single_family', 'adu', 'condo', 'townhouse', 'vacation_rental'],
  Permit: ['single_family', 'adu', 'multi_family', 'commercial'],
} as const satisfies Record<ProjectCategory, readonly string[]>;
export const ALL_PROPERTY_TYPES = [...new Set([...PROPERTY_TYPES.Design, ...PROPERTY_TYPES.Permit])];

export const FILE_TYPES = ['client_upload', 'deliverable'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** Turns `fix_flipper` into `Fix Flipper` (dashboard, user lists). */
export function humanize(value: string): string {
  return value
    .split('_')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A calendar date (YYYY-MM-DD) in the studio's words, "Nov 26, 2026" (spec's MMM d, yyyy): what the
 * activity feed, notifications and e-mail say, so no reader shows the stored ISO form.
 */
export function calendarDay(value: string): string {
  const [year, month, day] = value.slice(0, 10).split('-').map(Number);
  if (!year || !month || !day || month > 12) return value;
  return `${SHORT_MONTHS[month - 1]} ${day}, ${year}`;
}
