import type { EventEnvelope } from '#events/envelope.js';
import { eventReading } from '../../../app/runtime.js';
import { log } from '../../../platform/log.js';
import { storedEvent } from '../../../platform/event-store/stored-event.js';
import { consumer } from '../../../app/lambda.js';
import { announce, deliver, noticesOf } from '../deliver.js';

/**
 * The notifications reactor: who hears about a project event (notifications/audience.ts decides),
 * in the app and by e-mail as they chose. Only events found, with the same hash, in the event store
 * are told: a forged bus event tells nobody anything.
 */
export const handler = consumer(async (delivered: EventEnvelope): Promise<void> => {
  const runtime = eventReading();
  const event = await storedEvent(delivered, runtime);
  if (!event) {
    log.warn('Ignored an event that is not in the event store', {
      streamId: String(delivered?.streamId),
      version: String(delivered?.version),
      type: String(delivered?.type),
    });
    return;
  }
  if (!event.streamId.startsWith('project-')) return;
  const told = await deliver(runtime, event, await noticesOf(runtime, event));
  await announce(told, event.at);
});
