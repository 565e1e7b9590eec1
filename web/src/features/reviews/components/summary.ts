import type { ReviewSummary } from '#features/reviews/contracts.js';

/** The project card's and detail's review summary (the board's read model carries it once reviews exist). */
export function reviewSummaryOf(project: object): ReviewSummary | undefined {
  return (project as { review_summary?: ReviewSummary | null }).review_summary ?? undefined;
}
