import type { EventBridgeEvent } from 'aws-lambda';
import type { EventEnvelope } from '../../events/envelope.js';
import type { BusClient, BusEntry } from '../../functions/platform/event-store/publisher.js';
import { inStep, outsideSteps, recordCall } from '../../functions/platform/observability/call-count.js';
import { redriveSource, redriveTarget } from '../redrive/names.js';
import { DeadLetterStore, type DeadLetter } from './dead-letters.js';

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

export type DeliveryOutcome = { ok: true } | { ok: false; error: string; letter: DeadLetter };

/**
 * The in-process EventBridge: PutEvents accepts entries, and every subscription whose pattern
 * matches receives the same event shape a Lambda target gets, asynchronously. A failing consumer
 * is retried twice with backoff (as Lambda's asynchronous invocation does), then the event goes to
 * the dead-letter store. As in the stack, an entry whose source is `design-club.redrive.<consumer>`
 * (infra/redrive/names.ts) reaches that one consumer only; `redeliver` does the same for a letter
 * and waits for the outcome. Each delivery is independent, so a poison event holds up nothing else.
 */
export class LocalBus implements BusClient {
  private inFlight = 0;
  private waiters: (() => void)[] = [];
  private sequence = 0;
  faults: BusFaults = {};

  constructor(
    private readonly subscriptions: Subscription[],
    private readonly retryDelaysMs: readonly number[] = [50, 200],
    readonly deadLetterStore: DeadLetterStore = new DeadLetterStore(),
  ) {}

  /** The dead letters (the live list of the store). */
  get deadLetters(): DeadLetter[] {
    return this.deadLetterStore.entries;
  }

  async putEvents(entries: BusEntry[]): Promise<{ failedIndexes: number[] }> {
    // EventBridge's PutEvents in the cloud: counted as one (bench/calls-per-change.ts).
    recordCall('EventBridge', 'PutEvents');
    const failedIndexes: number[] = [];
    entries.forEach((entry, index) => {
      if (this.faults.refuseEntry?.(entry)) {
        failedIndexes.push(index);
        return;
      }
      const redriveTo = redriveTarget(entry.Source);
      for (const subscription of this.subscriptions) {
        const matches =
          redriveTo !== undefined
            ? subscription.name === redriveTo
            : subscription.source === entry.Source && subscription.eventTypes.includes(entry.DetailType);
        if (matches) void this.deliver(subscription, entry.Source, JSON.parse(entry.Detail) as EventEnvelope);
      }
    });
    return { failedIndexes };
  }

  /**
   * Takes a letter out of the dead-letter store and delivers its event to its consumer again (with
   * the usual retries); a letter that fails again goes back to the store with its attempts counted.
   */
  async redeliver(id: string): Promise<DeliveryOutcome> {
    const letter = this.deadLetterStore.get(id);
    if (!letter) throw new Error(`No dead letter ${id}`);
    const subscription = this.subscriptions.find((candidate) => candidate.name === letter.subscription);
    if (!subscription) throw new Error(`Dead letter ${id} names no consumer of this runtime (${letter.subscription})`);
    await this.deadLetterStore.remove(id);
    return this.deliver(subscription, redriveSource(subscription.name), letter.event, letter.attempts);
  }

  private deliver(
    subscription: Subscription,
    source: string,
    detail: EventEnvelope,
    previousAttempts = 0,
  ): Promise<DeliveryOutcome> {
    const event: EventBridgeEvent<string, EventEnvelope> = {
      version: '0',
      id: `local-${(this.sequence += 1)}`,
      'detail-type': detail.type,
      source,
      account: '000000000000',
      time: new Date().toISOString(),
      region: 'local',
      resources: [],
      detail,
    };
    this.inFlight += 1;
    return new Promise<DeliveryOutcome>((resolveOutcome) => {
      // Each consumer is its own Lambda in the cloud: its calls are its own step, not the publisher's.
      outsideSteps(() =>
        setImmediate(() =>
          inStep(`consumer ${subscription.name}`, async () => {
            try {
              for (let attempt = 0; ; attempt += 1) {
                try {
                  this.faults.beforeDelivery?.(subscription.name, detail);
                  await subscription.consumer(event);
                  return resolveOutcome({ ok: true });
                } catch (error) {
                  if (attempt >= this.retryDelaysMs.length) {
                    const message = String((error as Error)?.message ?? error);
                    const letter = await this.deadLetterStore
                      .add({
                        subscription: subscription.name,
                        event: detail,
                        error: message,
                        attempts: previousAttempts + attempt + 1,
                      })
                      .catch(() => ({
                        id: '',
                        subscription: subscription.name,
                        event: detail,
                        error: message,
                        attempts: previousAttempts + attempt + 1,
                        failedAt: new Date().toISOString(),
                      }));
                    return resolveOutcome({ ok: false, error: message, letter });
                  }
                  await new Promise((resolve) => setTimeout(resolve, this.retryDelaysMs[attempt]));
                }
              }
            } finally {
              this.inFlight -= 1;
              if (this.inFlight === 0) for (const wake of this.waiters.splice(0)) wake();
            }
          }),
        ),
      );
    });
  }

  /** Resolves once no delivery is in flight (tests wait on this instead of sleeping). */
  idle(): Promise<void> {
    if (this.inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
