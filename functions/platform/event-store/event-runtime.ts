import { EventBridgeBus } from '../aws/event-bridge.js';
import { EventStore } from './event-store.js';
import { Publisher } from './publisher.js';
import { provideEventSide, required, runtimeFromEnvironment as fromEnvironment, type Runtime } from '../runtime.js';

/**
 * The runtime's event store, bus and publisher. Every module that appends or publishes through
 * `runtime.store`, `runtime.publisher` or `runtime.bus` imports this module (or `runtimeFromEnvironment`
 * from it), which hands runtime.ts the builder: the handlers that only read views bundle none of it,
 * and those that only read events take the store alone from core/event-reads.ts.
 */
provideEventSide(({ client, now, bus: given, sweepLookbackMs }) => {
  const store = new EventStore({ client, tableName: required('EVENTS_TABLE'), now });
  const bus = given ?? new EventBridgeBus(required('EVENT_BUS_NAME'));
  return { store, bus, publisher: new Publisher(bus, store, sweepLookbackMs) };
});

/** A runtime whose store appends (an EventStore), as every runtime is once this module is loaded. */
export type AppendingRuntime = Runtime & { store: EventStore };

/** The builder above is registered before any runtime is built: its store is the EventStore. */
export const appendingStore = (runtime: Runtime): EventStore => runtime.store as EventStore;

export function runtimeFromEnvironment(...options: Parameters<typeof fromEnvironment>): AppendingRuntime {
  return fromEnvironment(...options) as AppendingRuntime;
}
