import type { EventBridgeEvent } from 'aws-lambda';
import type { EventEnvelope } from '../../events/index.js';
import { Projector } from '../core/projector.js';
import { log } from '../core/log.js';
import { getRuntime, type Runtime } from '../core/runtime.js';
import { storedEvent } from '../core/stored-event.js';
import { allProjections } from './projections/index.js';

/** One projector per runtime (the embedded runtime may be restarted inside one process). */
const projectors = new WeakMap<Runtime, Projector>();

/** EventBridge → the read side. Idempotent and order-tolerant (see Projector). */
export const handler = async (event: EventBridgeEvent<string, EventEnvelope>): Promise<void> => {
  const runtime = getRuntime();
  let projector = projectors.get(runtime);
  if (!projector) projectors.set(runtime, (projector = new Projector(runtime.store, runtime.views, allProjections)));
  // Roles and ownership are read from the projections: only what the store recorded may change them.
  const stored = await storedEvent(event.detail, runtime);
  if (!stored) {
    log.warn('Ignored an event that is not in the event store', { streamId: String(event.detail?.streamId), version: String(event.detail?.version) });
    return;
  }
  await projector.handle(stored);
};
