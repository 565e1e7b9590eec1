import { appending } from './runtime.js';
import { log } from '../platform/log.js';
import { recordMetric } from '../platform/observability/metrics.js';
import { scheduled } from '../platform/lambda/scheduled.js';
import { sweepOutbox } from '../platform/event-store/publisher.js';

/** Scheduled: publishes commits whose publish failed after they were committed. */
export const handler = scheduled(async (): Promise<{ found: number; published: number }> => {
  const runtime = appending();
  let oldestAt: number | undefined;
  const result = await sweepOutbox(runtime.publisher, undefined, undefined, (commit) => {
    const at = Date.parse(commit.events[0]!.at);
    if (oldestAt === undefined || at < oldestAt) oldestAt = at;
  });
  // Recorded on every run, zero included, so an alarm on them sees data rather than silence.
  recordMetric('OutboxBacklog', result.found);
  recordMetric(
    'OutboxOldestAge',
    oldestAt === undefined ? 0 : Math.max(0, (runtime.now().getTime() - oldestAt) / 1000),
  );
  if (result.found > 0) log.info('Outbox sweep', result);
  return result;
});
