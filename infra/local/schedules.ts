import type { ScheduleDefinition } from '../routes.js';
import { inStep, PERIODIC_STEP } from '../../functions/platform/observability/call-count.js';

type ScheduledHandler = (event: { id?: string }) => Promise<unknown>;

/** Milliseconds from `now` to the next `hour:minute` UTC. */
export function msUntilDaily(now: Date, at: { hour: number; minute: number }): number {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), at.hour, at.minute));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next.getTime() - now.getTime();
}

/**
 * The route table's schedules as timers (EventBridge rules in the cloud): a rate as an interval, a
 * daily time as a timeout to the next one, then every day. A tick that fails is logged; the next
 * tick tries again. Timers never keep the process alive.
 */
export function startSchedules(
  rows: readonly ScheduleDefinition[],
  load: (handler: string) => Promise<ScheduledHandler>,
  say: (line: string) => void,
): () => void {
  const timers: NodeJS.Timeout[] = [];
  let ticks = 0;
  const tick = (row: ScheduleDefinition) => async () => {
    ticks += 1;
    try {
      // A schedule's calls come whatever the traffic: no change's own (bench/calls-per-change.ts).
      const handler = await load(row.handler);
      await inStep(PERIODIC_STEP, () => handler({ id: `local-${row.name}-${ticks}` }));
    } catch (error) {
      say(`[${row.name}] ${String(error)}`);
    }
  };
  for (const row of rows) {
    if (row.dailyAt) {
      const first = setTimeout(
        () => {
          void tick(row)();
          const daily = setInterval(tick(row), 86_400_000);
          daily.unref();
          timers.push(daily);
        },
        msUntilDaily(new Date(), row.dailyAt),
      );
      first.unref();
      timers.push(first);
    } else {
      const every = setInterval(tick(row), row.everyMinutes * 60_000);
      every.unref();
      timers.push(every);
    }
  }
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}
