import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import type { BusClient, BusEntry } from './publisher.js';

/** The cloud bus: EventBridge PutEvents, reporting the entries it refused by index. */
export class EventBridgeBus implements BusClient {
  private readonly client = new EventBridgeClient({});

  constructor(private readonly busName: string) {}

  async putEvents(entries: BusEntry[]): Promise<{ failedIndexes: number[] }> {
    const result = await this.client.send(
      new PutEventsCommand({ Entries: entries.map((entry) => ({ ...entry, EventBusName: this.busName })) }),
    );
    if (!result.FailedEntryCount) return { failedIndexes: [] };
    const failedIndexes: number[] = [];
    result.Entries?.forEach((entry, index) => {
      if (entry.ErrorCode) failedIndexes.push(index);
    });
    return { failedIndexes };
  }
}
