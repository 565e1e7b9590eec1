import type { ClientReviewFigures } from './contracts.js';
import type { ProjectTimeline } from './timeline.js';
import { daysBetween, median, percentile, round2, share } from './stats.js';

/**
 * The client's side of quality (issue 37): revision rounds opened by the client's own change
 * requests, a truer revision rate than the designer's Needs Revision, and how long the client takes
 * from the first deliverable to approving every current one. Counted over the projects whose first
 * deliverable was uploaded in the range.
 */
export function clientReviewOf(
  scope: readonly ProjectTimeline[],
  range: { from: string; to: string },
): ClientReviewFigures {
  const reviewed = scope
    .filter(
      (p) => !!p.first_deliverable_at && p.first_deliverable_at >= range.from && p.first_deliverable_at <= range.to,
    )
    .sort((a, b) => a.first_deliverable_at!.localeCompare(b.first_deliverable_at!));
  const roundsOf = (p: ProjectTimeline) => p.client_rounds ?? 0;
  const rounds = reviewed.reduce((sum, p) => sum + roundsOf(p), 0);
  const sentBack = reviewed.filter((p) => roundsOf(p) > 0).length;
  const bucket = (n: number) => (n >= 3 ? '3+' : (String(n) as '0' | '1' | '2'));
  const by_project = reviewed.map((p) => ({
    project_id: p.id!,
    title: p.title,
    rounds: roundsOf(p),
    first_deliverable_at: p.first_deliverable_at!,
    approved_at: p.client_approved_at ?? null,
    days_to_approval: p.client_approved_at ? round2(daysBetween(p.first_deliverable_at!, p.client_approved_at)) : null,
  }));
  const days = by_project.flatMap((row) => (row.days_to_approval === null ? [] : [row.days_to_approval]));
  return {
    projects: reviewed.length,
    with_change_requests: sentBack,
    change_request_rate: share(sentBack, reviewed.length),
    rounds,
    rounds_per_project: reviewed.length ? round2(rounds / reviewed.length) : null,
    round_counts: (['0', '1', '2', '3+'] as const).map((label) => ({
      rounds: label,
      projects: reviewed.filter((p) => bucket(roundsOf(p)) === label).length,
    })),
    approved: days.length,
    delivery_to_approval: { count: days.length, median: median(days), p90: percentile(days, 90) },
    by_project,
  };
}
