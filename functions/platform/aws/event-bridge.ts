import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { requestHandlerOptions } from './sdk-config.js';
import { captureAwsClient } from '../observability/tracing.js';
import { countCallsOf } from '../observability/call-count.js';

export interface BusEntry {
  Source: string;
  DetailType: string;
  Detail: string;
}

/** What both EventBridge and the in-process bus offer: PutEvents, answering which entries failed. */
export interface BusClient {
  /** `abortSignal`: give up waiting (the entries may or may not have been put). */
  putEvents(entries: BusEntry[], options?: { abortSignal?: AbortSignal }): Promise<{ failedIndexes: number[] }>;
}

/** The cloud bus: EventBridge PutEvents, reporting the entries it refused by index. */
export class EventBridgeBus implements BusClient {
  private readonly client: EventBridgeClient;

  constructor(
    private readonly busName: string,
    client?: EventBridgeClient,
  ) {
    this.client = countCallsOf(
      client ?? captureAwsClient(new EventBridgeClient({ maxAttempts: 3, requestHandler: requestHandlerOptions() })),
    );
  }

  async putEvents(
    entries: BusEntry[],
    options: { abortSignal?: AbortSignal } = {},
  ): Promise<{ failedIndexes: number[] }> {
    const result = await this.client.send(
      new PutEventsCommand({ Entries: entries.map((entry) => ({ ...entry, EventBusName: this.busName })) }),
      { abortSignal: options.abortSignal },
    );
    if (!result.FailedEntryCount) return { failedIndexes: [] };
    const failedIndexes: number[] = [];
    result.Entries?.forEach((entry, index) => {
      if (entry.ErrorCode) failedIndexes.push(index);
    });
    return { failedIndexes };
  }
}
