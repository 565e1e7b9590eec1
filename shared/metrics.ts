/**
 * The custom metrics contract shared by the functions (which emit them with Powertools Metrics) and
 * the stack (whose dashboard and alarms read them). No AWS imports: both sides import this module.
 */
export const METRICS_NAMESPACE = 'DesignClub';

/** The one dimension every custom metric carries (Powertools' default dimension `service`). */
export const METRICS_SERVICE_DIMENSION = 'service';
export const METRICS_SERVICE = 'design-club';

export const MetricNames = {
  /** A command's events were appended (Count). */
  CommandAccepted: 'CommandAccepted',
  /** A command gave up after its version-conflict retries and answered 409 (Count). */
  CommandConflict: 'CommandConflict',
  /** The decider refused a command (a domain error, 4xx) (Count). */
  CommandRefused: 'CommandRefused',
  /** Age of an event when a consumer applies it (Milliseconds). */
  ConsumerLag: 'ConsumerLag',
  /** Commits still marked for publishing when the sweeper runs (Count). */
  OutboxBacklog: 'OutboxBacklog',
  /** Age of the oldest commit still marked for publishing when the sweeper runs (Seconds). */
  OutboxOldestAge: 'OutboxOldestAge',
  /**
   * The checklist route fell back from Bedrock to the local estimator (Count): emitted under the
   * `service` dimension (one alarm catches every cause) and under `service` + `reason` (which cause).
   */
  ChecklistFallback: 'ChecklistFallback',
} as const;

/** The dimension that names why the checklist fell back (functions/features/checklists/estimator/fallback.ts). */
export const CHECKLIST_FALLBACK_REASON_DIMENSION = 'reason';

export type MetricName = (typeof MetricNames)[keyof typeof MetricNames];

/** The unit each metric is emitted in (the names of Powertools' MetricUnit and of CloudWatch). */
export const METRIC_UNITS: Record<MetricName, 'Count' | 'Milliseconds' | 'Seconds'> = {
  CommandAccepted: 'Count',
  CommandConflict: 'Count',
  CommandRefused: 'Count',
  ConsumerLag: 'Milliseconds',
  OutboxBacklog: 'Count',
  OutboxOldestAge: 'Seconds',
  ChecklistFallback: 'Count',
};
