import type { EventBridgeEvent } from 'aws-lambda';
import type { EventEnvelope } from '../../events/index.js';
import { Projector } from '../lib/projector.js';
import { getRuntime } from '../lib/runtime.js';
import { allProjections } from './projections/index.js';

let projector: Projector | undefined;

/** EventBridge → the read side. Idempotent and order-tolerant (see Projector). */
export const handler = async (event: EventBridgeEvent<string, EventEnvelope>): Promise<void> => {
  const runtime = getRuntime();
  projector ??= new Projector(runtime.store, runtime.views, allProjections);
  await projector.handle(event.detail);
};
