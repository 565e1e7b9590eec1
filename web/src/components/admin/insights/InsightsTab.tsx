import { Alert, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api.js';
import type { DesignerOption } from '../use-designers.js';
import { InsightsFilters, type InsightsFilterValues } from './InsightsFilters.js';
import { getInsights, type InsightsReport } from './insights-api.js';
import { isoDay } from './format.js';
import { EstimateSection, FlowSection, OnTimeSection, QualitySection, TurnaroundSection, WorkloadSection } from './sections.js';
import { Headlines } from './Headlines.js';
import './insights.css';

/** The last 30 days, today included. */
export const defaultFilters = (): InsightsFilterValues => ({ from: isoDay(-29), to: isoDay(0), category: '', type: '', designer: '' });

/**
 * The admin's Insights tab: how the studio performs over a range of days, from the insights
 * projection (GET /api/insights). Loaded lazily with its chart library, only when the tab opens.
 */
export default function InsightsTab({ designers }: { designers: DesignerOption[] }) {
  const [filters, setFilters] = useState<InsightsFilterValues>(defaultFilters);
  const [report, setReport] = useState<InsightsReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    // An incomplete date (typing) waits for a whole one.
    if (!filters.from || !filters.to) return;
    let active = true;
    setLoading(true);
    getInsights(filters)
      .then((answer) => {
        if (!active) return;
        setReport(answer);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!active) return;
        console.error('Could not load insights', failure);
        setError(failure instanceof ApiError && failure.status === 400 ? failure.message : 'Failed to load insights');
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [filters]);

  return (
    <Flex direction="column" gap="large" className="insights">
      <div>
        <Heading level={2} fontSize="large">
          Insights
        </Heading>
        <Text color="font.secondary">How the studio performs, from the full history of every project: turnaround, estimates, flow, quality, workload and due dates.</Text>
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
        </Flex>
      ) : null}
    </Flex>
  );
}
