/**
 * The metrics contract the dashboards and alarms are built on: CloudWatch namespace, the one
 * dimension, and every metric's name and unit. No AWS imports, so the stack can read it too.
 */
export const METRICS_NAMESPACE = 'DesignClub';
/** The value of the one dimension, `service`, on every metric. */
export const METRICS_SERVICE = 'design-club';

export const METRICS = {
  /** A command appended its events. */
  CommandAccepted: { name: 'CommandAccepted', unit: 'Count' },
  /** A command answered 409 after its retries (a retried conflict that then succeeds is not counted). */
  CommandConflict: { name: 'CommandConflict', unit: 'Count' },
  /** The domain refused a command (a 4xx from the decider). */
  CommandRefused: { name: 'CommandRefused', unit: 'Count' },
  /** Now minus the event's `at` when the projections have applied it. */
  ConsumerLag: { name: 'ConsumerLag', unit: 'Milliseconds' },
  /** Commits still marked for publishing when the outbox sweeper runs. */
  OutboxBacklog: { name: 'OutboxBacklog', unit: 'Count' },
  /** Age of the oldest of those commits (0 when there is none). */
  OutboxOldestAge: { name: 'OutboxOldestAge', unit: 'Seconds' },
} as const;

export type MetricKey = keyof typeof METRICS;
