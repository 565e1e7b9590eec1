import { Badge } from '@aws-amplify/ui-react';
import type { CityReviewSummary } from '#features/permits/contracts.js';

/** Where a permit project stands with the city, in the studio's words; nothing before the city's first answer. */
export function cityBadgeOf(
  summary: CityReviewSummary | null | undefined,
): { label: string; variation: 'warning' | 'info' | 'success' } | null {
  if (!summary) return null;
  if (summary.stage === 'approved') return { label: 'Permit Approved', variation: 'success' };
  if (summary.stage === 'resubmitted') return { label: 'Resubmitted to City', variation: 'info' };
  if (summary.stage === 'corrections') {
    return summary.open_items > 0
      ? { label: `City corrections (${summary.open_items} open)`, variation: 'warning' }
      : { label: 'City corrections answered', variation: 'info' };
  }
  return null;
}

/** The badge on a board card and in the project dialog (the summary rides on the project's card). */
export function CityReviewBadge({ project }: { project: { city_review?: CityReviewSummary | null } }) {
  const badge = cityBadgeOf(project.city_review);
  if (!badge) return null;
  return (
    <Badge
      size="small"
      variation={badge.variation}
      className="city-review-badge"
      data-city-stage={project.city_review?.stage}
    >
      {badge.label}
    </Badge>
  );
}
