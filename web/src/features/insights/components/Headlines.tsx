import type { InsightsReport } from '#features/insights/contracts.js';
import { days, percent } from './format.js';

/** The figures an owner asks first, as a description list. */
export function Headlines({ report }: { report: InsightsReport }) {
  const all = report.estimates.accuracy.find((row) => row.basis === 'all');
  const items: [string, string][] = [
    ['Delivered in range', String(report.delivered_in_range)],
    ['Median turnaround', days(report.turnaround.overall.total.median)],
    ['90th percentile', days(report.turnaround.overall.total.p90)],
    ['Estimates held', percent(all?.within_share)],
    ['Delivered on time', percent(report.on_time.on_time_share)],
    ['Overdue now', String(report.on_time.overdue_now.length)],
    ['Oldest queued', report.flow.oldest_queued ? days(report.flow.oldest_queued.days) : '—'],
  ];
  return (
    <dl className="insights-headlines">
      {items.map(([label, value]) => (
        <div key={label} className="insights-headlines__item">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
