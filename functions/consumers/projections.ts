import type { EventBridgeEvent } from 'aws-lambda';
import type { EventEnvelope } from '../../events/index.js';
import { Projector } from '../core/projector.js';
import { getRuntime, type Runtime } from '../core/runtime.js';
import { allProjections } from './projections/index.js';

/** One projector per runtime (the embedded runtime may be restarted inside one process). */
const projectors = new WeakMap<Runtime, Projector>();

/** EventBridge → the read side. Idempotent and order-tolerant (see Projector). */
export const handler = async (event: EventBridgeEvent<string, EventEnvelope>): Promise<void> => {
  const runtime = getRuntime();
  let projector = projectors.get(runtime);
  if (!projector) projectors.set(runtime, (projector = new Projector(runtime.store, runtime.views, allProjections)));
  await projector.handle(event.detail);
};
