import { allProjections } from '../../functions/app/projections.js';
import { Projector } from '../../functions/platform/views/projector.js';
import type { WritingRuntime } from './runtime.js';
import { readAll } from '../../functions/platform/event-store/event-log.js';
import { sweepOutbox } from '../../functions/platform/event-store/publisher.js';

/**
 * After a crash: EventBridge would still hold what it had accepted, but the in-process bus loses
 * deliveries in flight. Publish what is still in the outbox, then let the projections check every
 * event (idempotent: what they have applied is skipped).
 */
export async function catchUp(runtime: WritingRuntime): Promise<{ published: number; events: number }> {
  const { published } = await sweepOutbox(runtime.publisher, 0);
  const projector = new Projector(runtime.store, runtime.views, allProjections);
  let events = 0;
  for await (const commit of readAll(runtime.store)) {
    for (const event of commit.events) {
      events += 1;
      await projector.handle(event);
    }
  }
  return { published, events };
}
