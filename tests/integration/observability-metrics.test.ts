import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { GENESIS_HASH, SYSTEM_ACTOR, type EventEnvelope } from '../../events/envelope.js';
import { UserRegistered } from '../../functions/features/users/events.js';
import { handler as projections } from '../../functions/app/projections-consumer.js';
import { handler as outboxSweeper } from '../../functions/app/outbox-sweeper.js';
import { MetricNames } from '../../shared/metrics.js';
import { metrics } from '../../functions/platform/observability/metrics.js';
import { Publisher, type BusEntry } from '../../functions/platform/event-store/publisher.js';
import { configureRuntime, type Appending as Runtime } from '../../functions/platform/runtime.js';
import { startStore } from '../support/store.js';

/** A commit time a minute back, and the runtime's clock 90 s after it: every age below is exact. */
const committedAt = Date.now() - 60_000;
const runtimeNow = committedAt + 90_000;

let env: Awaited<ReturnType<typeof startStore>>;
let runtime: Runtime;
const bus = {
  refuse: false,
  putEvents: async (entries: BusEntry[]) => ({ failedIndexes: bus.refuse ? entries.map((_entry, i) => i) : [] }),
};

/** What the `logMetrics` middleware flushed at the end of each invocation (EMF, as CloudWatch reads it). */
const flushed: Record<string, unknown>[] = [];

beforeAll(async () => {
  env = await startStore({ now: () => new Date(committedAt) });
  runtime = {
    store: env.store,
    views: env.views,
    bus,
    publisher: new Publisher(bus, env.store),
    now: () => new Date(runtimeNow),
  };
  configureRuntime(runtime);
  vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
    if (metrics.hasStoredMetrics()) flushed.push(metrics.serializeMetrics() as unknown as Record<string, unknown>);
    metrics.clearMetrics();
    return metrics;
  });
});
afterAll(async () => {
  vi.restoreAllMocks();
  configureRuntime(undefined);
  await env.stop();
});

async function register(sub: string): Promise<EventEnvelope> {
  const commit = await env.store.append(
    `user-${sub}`,
    [UserRegistered.create({ user_id: sub, email: `${sub}@example.com` })],
    { version: 0, hash: GENESIS_HASH },
    { actor: SYSTEM_ACTOR },
  );
  return commit.events[0]!;
}

const metricNames = (emf: Record<string, unknown>) =>
  (emf._aws as { CloudWatchMetrics: { Metrics: { Name: string; Unit: string }[] }[] }).CloudWatchMetrics[0]!.Metrics;

describe('metrics recorded by consumers and the sweeper', () => {
  it(
    'the projections consumer records ConsumerLag (now ' + 'minus the event time) once the projection has the event',
    async () => {
      const event = await register('lag1');
      flushed.length = 0;
      await projections({
        version: '0',
        id: 'bus-1',
        'detail-type': event.type,
        source: 'design-club',
        account: '0',
        time: event.at,
        region: 'local',
        resources: [],
        detail: event,
      });
      const [gen] = await env.views.writeGenerations();
      expect(JSON.parse(String((await env.views.get(gen!, 'user#lag1', 'profile'))?.doc))).toMatchObject({
        user_id: 'lag1',
        email: 'lag1@example.com',
      });
      expect(flushed).toHaveLength(1);
      expect(metricNames(flushed[0]!)).toContainEqual(
        expect.objectContaining({ Name: MetricNames.ConsumerLag, Unit: 'Milliseconds' }),
      );
      expect(flushed[0]![MetricNames.ConsumerLag]).toBe(90_000);
    },
  );

  it('the outbox sweeper records the backlog it found and the age of its oldest commit, in seconds', async () => {
    // Committed and never published: the commit stays marked in the outbox for the sweeper.
    await register('outbox1');
    flushed.length = 0;
    // The sweeper leaves commits younger than its grace period to their own publish: it runs a minute later.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 60_000);
    const result = await outboxSweeper({}).finally(() => vi.useRealTimers());
    expect(result.found).toBeGreaterThanOrEqual(1);
    expect(flushed).toHaveLength(1);
    expect(flushed[0]![MetricNames.OutboxBacklog]).toBe(result.found);
    expect(flushed[0]![MetricNames.OutboxOldestAge]).toBe(90);
    expect(metricNames(flushed[0]!)).toContainEqual(
      expect.objectContaining({ Name: MetricNames.OutboxOldestAge, Unit: 'Seconds' }),
    );
  });
});
