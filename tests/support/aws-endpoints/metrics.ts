import { afterAll, beforeAll, vi } from 'vitest';
import { metrics } from '../../../functions/platform/observability/metrics.js';

/**
 * The EMF records of the data points an adapter publishes at once (Powertools' `singleMetric`), as
 * CloudWatch would read them from the function's log. Outside Lambda Metrics writes nothing, so each
 * point is serialized where it would have been printed. Call at the top of a test file.
 */
export function captureSingleMetrics(): Record<string, any>[] {
  const published: Record<string, any>[] = [];
  beforeAll(() => {
    const original = metrics.singleMetric.bind(metrics);
    vi.spyOn(metrics, 'singleMetric').mockImplementation(() => {
      const point = original();
      vi.spyOn(point, 'publishStoredMetrics').mockImplementation(() => {
        if (point.hasStoredMetrics()) published.push(point.serializeMetrics() as unknown as Record<string, any>);
        point.clearMetrics();
        return point;
      });
      return point;
    });
  });
  afterAll(() => {
    vi.mocked(metrics.singleMetric).mockRestore();
  });
  return published;
}
