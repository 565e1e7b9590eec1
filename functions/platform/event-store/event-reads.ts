import { EventLog } from './event-log.js';
import { provideEventStore, required, runtimeFromEnvironment } from '../runtime.js';

/**
 * The runtime's event store, its reading half alone (core/event-log.ts), for the modules that read events and never append nor publish
 * (state loading, the audit, the global activity, the projections' consumer, the stored-event check).
 * A handler whose bundle has only these bundles no EventBridge client nor publisher (about 17 KB and
 * the client's set-up at cold start). A module that appends or publishes imports core/event-runtime.ts,
 * which builds the store with the bus and the publisher; with both imported, that one is used.
 */
provideEventStore(({ client, now }) => new EventLog({ client, tableName: required('EVENTS_TABLE'), now }));

export { runtimeFromEnvironment };
