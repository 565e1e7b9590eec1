/**
 * A Lambda whose modules only read events imports core/event-reads.ts: its runtime has the event
 * store's reading half (EventLog, no append) and no bus nor publisher (which it does not bundle). This file imports nothing that reaches
 * core/event-runtime.ts, as such a bundle would (vitest gives each file its own module graph).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import '../../functions/platform/event-store/event-reads.js';
import { EventLog } from '../../functions/platform/event-store/event-log.js';
import { runtimeFromEnvironment } from '../../functions/platform/runtime.js';

describe('the runtime of a handler that only reads events', () => {
  beforeAll(() => {
    process.env.EVENTS_TABLE ??= 'events';
    process.env.VIEWS_TABLE ??= 'views';
    process.env.AWS_REGION ??= 'us-east-1';
  });

  it("has one event store, its reading half, built on first use", () => {
    const runtime = runtimeFromEnvironment();
    expect(runtime.store).toBeInstanceOf(EventLog);
    expect('append' in runtime.store).toBe(false);
    expect(runtime.store).toBe(runtime.store);
  });

  it('has no bus nor publisher, and says which module would bring them', () => {
    const runtime = runtimeFromEnvironment();
    expect(() => runtime.publisher).toThrow(/does not import \S*event-runtime\.ts/);
    expect(() => runtime.bus).toThrow(/does not import \S*event-runtime\.ts/);
  });
});
