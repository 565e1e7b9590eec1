import { Metrics } from '@aws-lambda-powertools/metrics';
import type { MetricsOptions, MetricUnit } from '@aws-lambda-powertools/metrics/types';
import { log } from '../log.js';
import { METRIC_UNITS, METRICS_NAMESPACE, METRICS_SERVICE, type MetricName } from '#shared/metrics.js';

// Outside Lambda (the embedded runtime, tests, the command line) nothing reads EMF from stdout, so the
// JSON would only clutter it: metrics stay off there unless POWERTOOLS_METRICS_DISABLED says otherwise.
// Metrics reads this switch when it is constructed, just below.
if (!process.env.AWS_LAMBDA_FUNCTION_NAME) process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';

const asText = (content: unknown[]) =>
  content.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' ');

/**
 * Metrics' own diagnostics go to our Logger at debug level: its warning "No application metrics to
 * publish" would otherwise fill the logs on every request that records none (most reads).
 */
const diagnostics: NonNullable<MetricsOptions['logger']> = {
  debug: (...content) => log.debug(asText(content)),
  info: (...content) => log.debug(asText(content)),
  warn: (...content) => log.debug(asText(content)),
  error: (...content) => log.error(asText(content)),
};

/**
 * EMF metrics of the shared contract (shared/metrics.ts), flushed by the `logMetrics` middleware at the end of every
 * invocation.
 */
export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: METRICS_SERVICE, logger: diagnostics });

export function recordMetric(name: MetricName, value = 1): void {
  metrics.addMetric(name, METRIC_UNITS[name] as MetricUnit, value);
}
