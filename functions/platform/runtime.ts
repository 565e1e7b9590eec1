import type { EventLog } from './event-store/event-log.js';
import type { EventStore } from './event-store/event-store.js';
import type { BusClient, Publisher } from './event-store/publisher.js';
import { sharedDynamoClient } from './aws/dynamodb.js';
import { ViewReader } from './views/view-reader.js';

/**
 * The adapters every handler uses, built once per process from the environment (Lambda) or handed
 * in by the embedded runtime, which runs all handlers in one process.
 */
export interface Runtime {
  /** An EventStore (it appends) when core/event-runtime.ts is bundled; its reading half otherwise. */
  store: EventLog;
  /** A ViewStore (it writes) where core/views.ts is bundled; the reading class elsewhere. */
  views: ViewReader;
  bus: BusClient;
  publisher: Publisher;
  now: () => Date;
}

/** The part of a runtime that reads or appends events: built by core/event-runtime.ts. */
export type EventSide = Pick<Runtime, 'bus' | 'publisher'> & { store: EventStore };
export interface EventSideOptions {
  client: ReturnType<typeof sharedDynamoClient>;
  now: () => Date;
  bus?: BusClient;
  sweepLookbackMs?: number;
}

/**
 * Only the views are built here: their reading class, or the ViewStore that core/views.ts hands
 * over when a module that writes them (the projector's) loaded it. The event store, the bus (the
 * EventBridge client) and the publisher come from core/event-runtime.ts, which the modules that
 * append or publish import, and the event store's reading half alone from core/event-reads.ts,
 * which the modules that only read events import: each hands its builder over here, so a handler
 * that only reads views bundles none of them, and one that only reads events no bus nor append
 * (tests/infra/layout.test.ts checks who imports which).
 */
let buildEventSide: ((options: EventSideOptions) => EventSide) | undefined;
let buildEventStore: ((options: Pick<EventSideOptions, 'client' | 'now'>) => EventLog) | undefined;

export function provideEventSide(builder: (options: EventSideOptions) => EventSide): void {
  buildEventSide ??= builder;
}

export function provideEventStore(builder: (options: Pick<EventSideOptions, 'client' | 'now'>) => EventLog): void {
  buildEventStore ??= builder;
}

let buildViews: ((client: EventSideOptions['client'], tableName: string) => ViewReader) | undefined;

/** core/views.ts hands over its writing ViewStore: the projector's handlers build that one. */
export function provideViewStore(builder: (client: EventSideOptions['client'], tableName: string) => ViewReader): void {
  buildViews ??= builder;
}

let current: Runtime | undefined;

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export function runtimeFromEnvironment(overrides: Partial<Pick<Runtime, 'bus' | 'now'>> & { sweepLookbackMs?: number } = {}): Runtime {
  const client = sharedDynamoClient();
  const now = overrides.now ?? (() => new Date());
  const views = buildViews ? buildViews(client, required('VIEWS_TABLE')) : new ViewReader(client, required('VIEWS_TABLE'));
  let side: EventSide | undefined;
  let readStore: EventLog | undefined;
  // Built on first use: a read never pays for the event store's client set-up or the bus's.
  const eventSide = (): EventSide => {
    if (!buildEventSide) throw new Error('The bus or the publisher is used by a module that does not import functions/platform/event-store/event-runtime.ts');
    return (side ??= buildEventSide({ client, now, bus: overrides.bus, sweepLookbackMs: overrides.sweepLookbackMs }));
  };
  // With the publisher bundled, its store is the one: one store per runtime.
  const store = (): EventLog => {
    if (buildEventSide) return eventSide().store;
    if (!buildEventStore) throw new Error('The event store is used by a module that imports neither functions/platform/event-store/event-reads.ts nor event-runtime.ts');
    return (readStore ??= buildEventStore({ client, now }));
  };
  return {
    views,
    now,
    get store() {
      return store();
    },
    get bus() {
      return eventSide().bus;
    },
    get publisher() {
      return eventSide().publisher;
    },
  };
}

export function getRuntime(): Runtime {
  current ??= runtimeFromEnvironment();
  return current;
}

/** The embedded runtime and tests install their own adapters (one runtime per process). */
export function setRuntime(runtime: Runtime | undefined): void {
  current = runtime;
}
