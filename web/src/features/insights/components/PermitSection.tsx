import { Figure } from './Figure.js';
import { count, dayLabel, days } from './format.js';
import { Section } from './sections.js';
import type { InsightsReport } from '#features/insights/contracts.js';

/**
 * Permits through the city (issue 46): plan check rounds per permit project, items per round, days
 * from the city's first corrections to the permit, and the items still open across the studio.
 */
export function PermitSection({ report }: { report: InsightsReport }) {
  const city = report.city_review;
  const none = !city || city.projects === 0;
  const toPermit = city?.corrections_to_permit;
  return (
    <Section title="Permits">
      <Figure
        title="Plan check rounds per permit project"
        summary={
          none
            ? 'No permit project received city corrections in this range: ' +
              'rounds appear once a client records the first corrections.'
            : `${city.projects} permit ${city.projects === 1 ? 'project' : 'projects'} received city corrections ` +
              `in this range: ${count(city.rounds_per_project)} rounds each and ` +
              `${count(city.items_per_round)} items a round on average; ${city.approved} approved; ` +
              `${city.open_items_now} ${city.open_items_now === 1 ? 'item is' : 'items are'} ` +
              'still open across the studio.'
        }
        columns={[
          { label: 'Project', value: (r) => r.title },
          { label: 'Rounds', value: (r) => r.rounds },
          { label: 'Items per round', value: (r) => r.items_per_round.join(' / ') },
          { label: 'Open items', value: (r) => r.open_items },
          {
            label: 'First corrections',
            value: (r) => r.first_corrections_at,
            show: (r) => dayLabel(r.first_corrections_at),
          },
          { label: 'Permit approved', value: (r) => r.approved_at, show: (r) => dayLabel(r.approved_at) },
          { label: 'Days to permit', value: (r) => r.days_to_permit, show: (r) => days(r.days_to_permit) },
        ]}
        rows={city?.by_project ?? []}
        file="permit-rounds"
      />
      <Figure
        title="Days from the first corrections to the permit"
        summary={
          !toPermit || toPermit.count === 0
            ? 'No permit whose first corrections came in this range has been approved yet.'
            : `${toPermit.count} ${toPermit.count === 1 ? 'permit was' : 'permits were'} approved a median of ` +
              `${days(toPermit.median)} after the city's first corrections (P90 ${days(toPermit.p90)}).`
        }
        columns={[
          { label: 'Permits approved', value: (r) => r.count },
          { label: 'Median days', value: (r) => r.median, show: (r) => days(r.median) },
          { label: 'P90 days', value: (r) => r.p90, show: (r) => days(r.p90) },
        ]}
        rows={city ? [city.corrections_to_permit] : []}
        file="permit-days"
      />
    </Section>
  );
}
