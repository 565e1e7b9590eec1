import type { EventCatalogue } from '../../../events/catalogue.js';
import { sharedDynamoClient } from '../aws/dynamodb.js';
import { personalDataCodec } from '../privacy/keys-runtime.js';
import { installedAdapters, now, perProcess, required, type EventReading } from '../runtime.js';
import { reading } from '../views/reader.js';
import { EventLog } from './event-log.js';

const logsOfProcess = /* @__PURE__ */ perProcess(() => new WeakMap<EventCatalogue, EventLog>());

/**
 * The process's event store, its reading half alone (event-log.ts): for the handlers that read
 * events and never append nor publish (state loading, the audit, the global activity, the
 * projections' consumer). Their bundles carry no EventBridge client, publisher nor append. The
 * installed store (the embedded runtime's EventStore) where there is one.
 */
export function eventLog(catalogue: EventCatalogue): EventLog {
  const { store, client } = installedAdapters();
  if (store) return store;
  const logs = logsOfProcess();
  let log = logs.get(catalogue);
  if (!log)
    logs.set(
      catalogue,
      (log = new EventLog({
        client: client ?? sharedDynamoClient(),
        tableName: required('EVENTS_TABLE'),
        catalogue,
        codec: personalDataCodec(catalogue),
        now,
      })),
    );
  return log;
}

/** The views, the clock and the events' reading half. */
export const eventReading = (catalogue: EventCatalogue): EventReading => ({ ...reading(), store: eventLog(catalogue) });
