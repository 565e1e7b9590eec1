import { Alert, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../app/api.js';
import type { DesignerOption } from '../../designers/api/use-designers.js';
import { InsightsFilters, type InsightsFilterValues } from './InsightsFilters.js';
import type { InsightsReport } from '#features/insights/contracts.js';
import { insightsQuery } from '../api/get-insights-query.js';
import { isoDay } from './format.js';
import {
  EstimateSection,
  FlowSection,
  OnTimeSection,
  QualitySection,
  TurnaroundSection,
  WorkloadSection,
} from './sections.js';
import { Headlines } from './Headlines.js';
import { PermitSection } from './PermitSection.js';
import './insights.css';

/** The last 30 days, today included. */
export const defaultFilters = (): InsightsFilterValues => ({
  from: isoDay(-29),
  to: isoDay(0),
  category: '',
  type: '',
  designer: '',
});

/**
 * The admin's Insights tab: how the studio performs over a range of days, from the insights
 * projection (GET /api/insights). Loaded lazily with its chart library, only when the tab opens.
 */
export default function InsightsTab({ designers }: { designers: DesignerOption[] }) {
  const [filters, setFilters] = useState<InsightsFilterValues>(defaultFilters);
  // An incomplete date (typing) waits for a whole one; the report shown stays until the next arrives.
  const query = useQuery({
    ...insightsQuery(filters),
    enabled: !!filters.from && !!filters.to,
    placeholderData: keepPreviousData,
  });
  const report: InsightsReport | null = query.data ?? null;
  const loading = query.isFetching || query.isPending;
  const failure = query.error;
  const error = failure
    ? failure instanceof ApiError && failure.status === 400
      ? failure.message
      : 'Failed to load insights'
    : null;
  useEffect(() => {
    if (failure) console.error('Could not load insights', failure);
  }, [failure]);

  return (
    <Flex direction="column" gap="large" className="insights">
      <div>
        <Heading level={2} fontSize="large">
          Insights
        </Heading>
        <Text color="font.secondary">
          How the studio performs, from the full history of every project: turnaround, estimates, flow, quality,
          workload and due dates.
        </Text>
      </div>
      <InsightsFilters value={filters} onChange={setFilters} designers={designers} />
      {error ? (
        <Alert variation="error" heading="Insights unavailable">
          {error}
        </Alert>
      ) : null}
      {loading && !report ? (
        <Flex justifyContent="center" padding="xl">
          <Loader size="large" ariaLabel="Loading insights" />
        </Flex>
      ) : null}
      {report ? (
        <Flex direction="column" gap="xl" aria-busy={loading}>
          <Headlines report={report} />
          <TurnaroundSection report={report} />
          <EstimateSection report={report} />
          <FlowSection report={report} />
          <QualitySection report={report} />
          <WorkloadSection report={report} />
          <OnTimeSection report={report} />
          <PermitSection report={report} />
        </Flex>
      ) : null}
    </Flex>
  );
}
