import type { CityReviewFigures } from './contracts.js';
import type { ProjectTimeline } from './timeline.js';
import { daysBetween, median, percentile, round2 } from './stats.js';

/**
 * The permit section (issue 46): how many plan check rounds the city asks of a permit project, how
 * many items a round holds, the calendar days from the city's first corrections to the permit, over
 * the permit projects whose first corrections came in the range; and the items still open across the
 * studio now.
 */
export function cityReviewOf(
  scope: readonly ProjectTimeline[],
  range: { from: string; to: string },
): CityReviewFigures {
  const checked = scope
    .filter((p) => p.city && p.city.first_corrections_at >= range.from && p.city.first_corrections_at <= range.to)
    .sort((a, b) => a.city!.first_corrections_at.localeCompare(b.city!.first_corrections_at));
  const by_project = checked.map((p) => {
    const city = p.city!;
    return {
      project_id: p.id!,
      title: p.title,
      rounds: city.items_per_round.length,
      items_per_round: city.items_per_round,
      open_items: city.approved_at ? 0 : city.open,
      first_corrections_at: city.first_corrections_at,
      approved_at: city.approved_at,
      days_to_permit: city.approved_at ? round2(daysBetween(city.first_corrections_at, city.approved_at)) : null,
    };
  });
  const rounds = by_project.reduce((sum, row) => sum + row.rounds, 0);
  const items = by_project.reduce((sum, row) => sum + row.items_per_round.reduce((a, b) => a + b, 0), 0);
  const days = by_project.flatMap((row) => (row.days_to_permit === null ? [] : [row.days_to_permit]));
  return {
    projects: checked.length,
    rounds,
    rounds_per_project: checked.length ? round2(rounds / checked.length) : null,
    items_per_round: rounds ? round2(items / rounds) : null,
    approved: days.length,
    corrections_to_permit: { count: days.length, median: median(days), p90: percentile(days, 90) },
    open_items_now: scope.reduce((sum, p) => sum + (p.city && !p.city.approved_at ? p.city.open : 0), 0),
    by_project,
  };
}
