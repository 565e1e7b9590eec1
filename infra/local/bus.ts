import type { EventBridgeEvent } from 'aws-lambda';
import type { EventEnvelope } from '../../events/index.js';
import type { BusClient, BusEntry } from '../../functions/core/publisher.js';

type Consumer = (event: EventBridgeEvent<string, EventEnvelope>) => Promise<unknown>;

export interface Subscription {
  name: string;
  /** Matches like the stack's rule: `{ source: [source], 'detail-type': eventTypes }`. */
  source: string;
  eventTypes: readonly string[];
  consumer: Consumer;
}

export interface BusFaults {
  /** Called per PutEvents entry: true refuses it (as EventBridge reports a failed entry). */
  refuseEntry?: (entry: BusEntry) => boolean;
  /** Called per delivery: throwing makes the consumer fail that attempt. */
  beforeDelivery?: (subscription: string, event: EventEnvelope) => void;
}

/**
 * The in-process EventBridge: PutEvents accepts entries, and every subscription whose pattern
 * matches receives the same event shape a Lambda target gets, asynchronously. A failing consumer
 * is retried twice with backoff (as Lambda's asynchronous invocation does), then the event goes to
 * the dead-letter list.
 */
export class LocalBus implements BusClient {
  readonly deadLetters: { subscription: string; event: EventEnvelope; error: string }[] = [];
  private inFlight = 0;
  private waiters: (() => void)[] = [];
  private sequence = 0;
  faults: BusFaults = {};

  constructor(
    private readonly subscriptions: Subscription[],
    private readonly retryDelaysMs: readonly number[] = [50, 200],
  ) {}

  async putEvents(entries: BusEntry[]): Promise<{ failedIndexes: number[] }> {
    const failedIndexes: number[] = [];
    entries.forEach((entry, index) => {
      if (this.faults.refuseEntry?.(entry)) {
        failedIndexes.push(index);
        return;
      }
      for (const subscription of this.subscriptions) {
        if (subscription.source === entry.Source && subscription.eventTypes.includes(entry.DetailType)) {
          this.deliver(subscription, entry);
        }
      }
    });
    return { failedIndexes };
  }

  private deliver(subscription: Subscription, entry: BusEntry): void {
    const detail = JSON.parse(entry.Detail) as EventEnvelope;
    const event: EventBridgeEvent<string, EventEnvelope> = {
      version: '0',
      id: `local-${(this.sequence += 1)}`,
      'detail-type': entry.DetailType,
      source: entry.Source,
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'local',
      resources: [],
      detail,
    };
    this.inFlight += 1;
    setImmediate(async () => {
      try {
        for (let attempt = 0; ; attempt += 1) {
          try {
            this.faults.beforeDelivery?.(subscription.name, detail);
            await subscription.consumer(event);
            return;
          } catch (error) {
            if (attempt >= this.retryDelaysMs.length) {
              this.deadLetters.push({ subscription: subscription.name, event: detail, error: String((error as Error).message ?? error) });
              return;
            }
            await new Promise((resolve) => setTimeout(resolve, this.retryDelaysMs[attempt]));
          }
        }
      } finally {
        this.inFlight -= 1;
        if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
      }
    });
  }

  /** Resolves once no delivery is in flight (tests wait on this instead of sleeping). */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
