import { EventStore } from './event-store.js';
import { sharedDynamoClient } from '../adapters/dynamodb.js';
import { EventBridgeBus } from '../adapters/event-bridge.js';
import { Publisher, type BusClient } from './publisher.js';
import { ViewStore } from './views.js';

/**
 * The adapters every handler uses, built once per process from the environment (Lambda) or handed
 * in by the embedded runtime, which runs all handlers in one process.
 */
export interface Runtime {
  store: EventStore;
  views: ViewStore;
  bus: BusClient;
  publisher: Publisher;
  now: () => Date;
}

let current: Runtime | undefined;

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export function runtimeFromEnvironment(overrides: Partial<Pick<Runtime, 'bus' | 'now'>> & { sweepLookbackMs?: number } = {}): Runtime {
  const client = sharedDynamoClient();
  const now = overrides.now ?? (() => new Date());
  const store = new EventStore({ client, tableName: required('EVENTS_TABLE'), now });
  const views = new ViewStore(client, required('VIEWS_TABLE'));
  const bus = overrides.bus ?? new EventBridgeBus(required('EVENT_BUS_NAME'));
  return { store, views, bus, publisher: new Publisher(bus, store, overrides.sweepLookbackMs), now };
}

export function getRuntime(): Runtime {
  current ??= runtimeFromEnvironment();
  return current;
}

/** The embedded runtime and tests install their own adapters (one runtime per process). */
export function setRuntime(runtime: Runtime | undefined): void {
  current = runtime;
}
