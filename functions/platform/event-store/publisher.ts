import type { EventEnvelope } from '../../../events/envelope.js';
import type { BusClient, BusEntry } from '../aws/event-bridge.js';
import { advanceSweepMark, newIdAt, unpublished, type Commit, type EventStore } from './event-store.js';

export type { BusClient, BusEntry } from '../aws/event-bridge.js';

export const EVENT_SOURCE = 'design-club';
const MAX_ENTRIES_PER_CALL = 10;
/** DynamoDB's index usually replicates within a second; minutes of margin cost a few reads a sweep. */
export const DEFAULT_SWEEP_LOOKBACK_MS = 5 * 60_000;

export const toBusEntry = (event: EventEnvelope): BusEntry => ({
  Source: EVENT_SOURCE,
  DetailType: event.type,
  Detail: JSON.stringify(event),
});

/**
 * Puts a commit's events on the bus, ten at a time, retrying failed entries once. Only when every
 * entry is accepted is the commit's outbox marker cleared; otherwise the sweeper publishes it later,
 * so a failed publish delays events and never loses them.
 */
export class Publisher {
  constructor(
    private readonly bus: BusClient,
    readonly store: EventStore,
    /** How far behind its cutoff a sweep leaves the mark. */
    readonly lookbackMs = DEFAULT_SWEEP_LOOKBACK_MS,
  ) {}

  async publish(commit: Commit, options: { withinMs?: number } = {}): Promise<boolean> {
    // Given a time budget, the bus is waited for that long at most: the outbox delivers the rest.
    const abortSignal = options.withinMs ? AbortSignal.timeout(options.withinMs) : undefined;
    try {
      // The stored, sealed form: the bus and its archive never hold a personal field in clear.
      let pending = commit.stored.map(toBusEntry);
      for (let attempt = 0; attempt < 2 && pending.length > 0; attempt += 1) {
        const failed: BusEntry[] = [];
        for (let i = 0; i < pending.length; i += MAX_ENTRIES_PER_CALL) {
          const batch = pending.slice(i, i + MAX_ENTRIES_PER_CALL);
          const { failedIndexes } = await this.bus.putEvents(batch, { abortSignal });
          for (const index of failedIndexes) failed.push(batch[index]!);
        }
        pending = failed;
      }
      if (pending.length > 0) return false;
      await this.store.markPublished(commit);
      return true;
    } catch {
      // The commit is durable and still marked: the sweeper will deliver it.
      return false;
    }
  }
}

/**
 * Republishes every commit still marked and older than `graceMs`, then moves the sweep mark up to
 * the oldest commit it could not deliver, or to `lookbackMs` before the cutoff: commits that reach
 * the index late (its replication lag, a writer's clock) are still read by the next sweeps.
 * Returns how many it found and delivered; `seen` is shown each commit found (the sweeper's metrics).
 * A function, not a method of the publisher: only the sweeper (and the embedded stack) sweeps, so a
 * handler that publishes its own commits does not bundle it.
 */
export async function sweepOutbox(
  publisher: Publisher,
  graceMs = 10_000,
  now = Date.now(),
  seen?: (commit: Commit) => void,
): Promise<{ found: number; published: number }> {
  let found = 0;
  let published = 0;
  const cutoffMs = now - graceMs;
  let mark = newIdAt(cutoffMs - publisher.lookbackMs);
  for await (const commit of unpublished(publisher.store, new Date(cutoffMs).toISOString())) {
    found += 1;
    seen?.(commit);
    if (await publisher.publish(commit)) published += 1;
    else if (commit.position < mark) mark = commit.position;
  }
  await advanceSweepMark(publisher.store, mark);
  return { found, published };
}
