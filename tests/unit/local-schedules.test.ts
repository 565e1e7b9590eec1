import { describe, expect, it } from 'vitest';
import { msUntilDaily, startSchedules } from '../../infra/local/schedules.js';
import { schedules } from '../../infra/routes.js';

describe("the embedded runtime's daily schedules", () => {
  it('waits until the next hh:mm UTC: later today, or tomorrow once it has passed', () => {
    expect(msUntilDaily(new Date('2026-11-24T06:30:00Z'), { hour: 7, minute: 0 })).toBe(30 * 60_000);
    expect(msUntilDaily(new Date('2026-11-24T07:00:00Z'), { hour: 7, minute: 0 })).toBe(86_400_000);
    expect(msUntilDaily(new Date('2026-11-24T23:59:00Z'), { hour: 0, minute: 0 })).toBe(60_000);
  });

  it(
    'the digest is a daily row of the route table; ' + 'starting and stopping the timers runs nothing at once',
    async () => {
      expect(schedules.find((row) => row.name === 'notifications-digest')?.dailyAt).toEqual({ hour: 7, minute: 0 });
      const ran: string[] = [];
      const stop = startSchedules(
        schedules,
        async (handler) => async () => void ran.push(handler),
        () => undefined,
      );
      stop();
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(ran).toEqual([]);
    },
  );
});
