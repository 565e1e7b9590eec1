import type { EventCatalogue } from '../../../events/catalogue.js';
import { EventBridgeBus } from '../aws/event-bridge.js';
import { sharedDynamoClient } from '../aws/dynamodb.js';
import { personalDataCodec } from '../privacy/keys-runtime.js';
import { installedAdapters, now, perProcess, required, type Appending } from '../runtime.js';
import { reading } from '../views/reader.js';
import { EventStore } from './event-store.js';
import { Publisher } from './publisher.js';

type Appender = Pick<Appending, 'store' | 'publisher' | 'bus'>;

const appendersOfProcess = /* @__PURE__ */ perProcess(() => new WeakMap<EventCatalogue, Appender>());

function build(catalogue: EventCatalogue): Appender {
  const {
    client,
    store: installedStore,
    bus: installedBus,
    publisher: installedPublisher,
    sweepLookbackMs,
  } = installedAdapters();
  if (installedStore && !(installedStore instanceof EventStore))
    throw new Error('The installed event store only reads: install an EventStore where the process appends');
  const store =
    installedStore ??
    new EventStore({
      client: client ?? sharedDynamoClient(),
      tableName: required('EVENTS_TABLE'),
      catalogue,
      codec: personalDataCodec(catalogue),
      now,
    });
  const bus = installedBus ?? new EventBridgeBus(required('EVENT_BUS_NAME'));
  return { store, bus, publisher: installedPublisher ?? new Publisher(bus, store, sweepLookbackMs) };
}

/**
 * The process's appending event store with its bus (EventBridge in Lambda) and the publisher that
 * puts each commit on it: what commands and the outbox sweeper need. A handler that imports this
 * module bundles the EventBridge client; the ones that only read events use event-reads.ts.
 */
export function eventStore(catalogue: EventCatalogue): Appender {
  const appenders = appendersOfProcess();
  let appender = appenders.get(catalogue);
  if (!appender) appenders.set(catalogue, (appender = build(catalogue)));
  return appender;
}

/** The views, the clock, and the store that appends and publishes: what a command handler needs. */
export const appending = (catalogue: EventCatalogue): Appending => ({ ...reading(), ...eventStore(catalogue) });
