import type { EventEnvelope } from '../../events/envelope.js';
import { Projector } from '../platform/views/projector.js';
import { viewStore, type ViewStore } from '../platform/views/views.js';
import { log } from '../platform/log.js';
import { recordMetric } from '../platform/observability/metrics.js';
import { eventReading } from './runtime.js';
import { storedEvent } from '../platform/event-store/stored-event.js';
import { consumer } from './lambda.js';
import { announceChanges } from '../features/live/announce.js';
import { allProjections } from './projections.js';
import { inStep } from '../platform/observability/call-count.js';

/** One projector per views (the embedded runtime may be restarted inside one process). */
const projectors = new WeakMap<ViewStore, Projector>();

/**
 * EventBridge → the read side, then the live topics. Idempotent and order-tolerant (see Projector).
 * What the projector committed is announced to connected browsers here, once the views hold it, by
 * an explicit call: no one polls the checkpoints to learn it.
 */
export const handler = consumer(async (envelope: EventEnvelope): Promise<void> => {
  const runtime = eventReading();
  const views = viewStore();
  let projector = projectors.get(views);
  if (!projector) projectors.set(views, (projector = new Projector(runtime.store, views, allProjections)));
  // Roles and ownership are read from the projections: only what the store recorded may change them.
  const stored = await storedEvent(envelope, runtime);
  if (!stored) {
    log.warn('Ignored an event that is not in the event store', {
      streamId: String(envelope?.streamId),
      version: String(envelope?.version),
    });
    return;
  }
  const applied = await projector.handle(stored);
  // How far the screens trail the store: from the commit to the projections having it.
  recordMetric('ConsumerLag', Math.max(0, runtime.now().getTime() - Date.parse(stored.at)));
  await inStep('announcement', () => announceChanges(runtime, applied));
});
