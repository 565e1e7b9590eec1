import type { ReviewStatus } from '#features/reviews/contracts.js';

/** How a deliverable's review state reads and looks. */
export const STATUS_LABELS: Record<ReviewStatus, string> = {
  awaiting_review: 'Awaiting review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};
export const STATUS_TONES = {
  awaiting_review: 'info',
  changes_requested: 'warning',
  approved: 'success',
} as const satisfies Record<ReviewStatus, string>;
