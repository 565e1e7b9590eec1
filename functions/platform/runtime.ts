import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { EventLog } from './event-store/event-log.js';
import type { EventStore } from './event-store/event-store.js';
import type { BusClient, Publisher } from './event-store/publisher.js';
import type { PersonalDataCodec } from './privacy/codec.js';
import type { ViewReader } from './views/view-reader.js';

/**
 * What every handler reads through: the views and the clock. Built by `reading()`
 * (views/reader.ts); the factories below add the event store's halves.
 */
export interface Runtime {
  views: ViewReader;
  now: () => Date;
}

/** A runtime that also reads events: `eventReading()` (event-store/event-reads.ts). */
export interface EventReading extends Runtime {
  store: EventLog;
}

/** A runtime that appends and publishes: `appending()` (event-store/event-runtime.ts). */
export interface Appending extends Runtime {
  store: EventStore;
  publisher: Publisher;
  bus: BusClient;
}

/**
 * Adapters a process hands in instead of building them from the environment: the embedded runtime
 * (everything in one process, its own bus) and tests. Whatever is left out is built from the
 * environment, as in Lambda, where nothing is installed.
 */
export interface RuntimeAdapters {
  client?: DynamoDBDocumentClient;
  /** A ViewStore where the process also projects (the embedded runtime): readers and the projector share it. */
  views?: ViewReader;
  /** An EventStore where the process appends; `eventLog()` answers it too. */
  store?: EventLog;
  /** The codec of personal fields (the embedded runtime's, over its KMS stand-in): the store's, and the consumers'. */
  codec?: PersonalDataCodec;
  bus?: BusClient;
  publisher?: Publisher;
  now?: () => Date;
  /** How far behind its cutoff an outbox sweep leaves its mark (the embedded runtime sweeps often). */
  sweepLookbackMs?: number;
}

let installed: RuntimeAdapters = {};
/** Bumped by each `configureRuntime`, so that every memoized adapter is built again after it. */
let generation = 0;

/**
 * The one place a process installs its adapters (the embedded runtime's start, a test's set-up);
 * `undefined` goes back to the environment's. Lambda handlers never call it.
 */
export function configureRuntime(adapters: RuntimeAdapters | undefined): void {
  installed = adapters ?? {};
  generation += 1;
}

export const installedAdapters = (): Readonly<RuntimeAdapters> => installed;

/** `build` once per process (and again after `configureRuntime`): each factory's memo. */
export function perProcess<T>(build: (adapters: Readonly<RuntimeAdapters>) => T): () => T {
  let value: { at: number; built: T } | undefined;
  return () => {
    if (value?.at !== generation) value = { at: generation, built: build(installed) };
    return value.built;
  };
}

/** The clock: the installed one, or the system's. */
export const now = (): Date => (installed.now ? installed.now() : new Date());

export function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
