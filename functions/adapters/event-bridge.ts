import { AwsJsonClient } from './aws/json-client.js';

export interface BusEntry {
  Source: string;
  DetailType: string;
  Detail: string;
}

/** What both EventBridge and the in-process bus offer: PutEvents, answering which entries failed. */
export interface BusClient {
  putEvents(entries: BusEntry[]): Promise<{ failedIndexes: number[] }>;
}

interface PutEventsOutput {
  FailedEntryCount?: number;
  Entries?: { EventId?: string; ErrorCode?: string; ErrorMessage?: string }[];
}

/** The cloud bus: EventBridge PutEvents, reporting the entries it refused by index. */
export class EventBridgeBus implements BusClient {
  private readonly client: AwsJsonClient;

  constructor(
    private readonly busName: string,
    options: { endpoint?: string; region?: string } = {},
  ) {
    this.client = new AwsJsonClient({ service: 'events', targetPrefix: 'AWSEvents', jsonVersion: '1.1', maxAttempts: 3, ...options });
  }

  async putEvents(entries: BusEntry[]): Promise<{ failedIndexes: number[] }> {
    const result = await this.client.call<PutEventsOutput>('PutEvents', {
      Entries: entries.map((entry) => ({ ...entry, EventBusName: this.busName })),
    });
    if (!result.FailedEntryCount) return { failedIndexes: [] };
    const failedIndexes: number[] = [];
    result.Entries?.forEach((entry, index) => {
      if (entry.ErrorCode) failedIndexes.push(index);
    });
    return { failedIndexes };
  }
}
