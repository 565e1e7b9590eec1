import type { EventEnvelope } from '#events/envelope.js';
import { consumer } from '../../../app/lambda.js';
import { eventReading } from '../../../app/runtime.js';
import { storedEvent } from '../../../platform/event-store/stored-event.js';
import { log } from '../../../platform/log.js';
import { partiesOf, tell } from '../../notifications/commands.js';
import { permitNoticesFor } from './notices.js';

/**
 * The city review's notifications reactor: only events found, with the same hash, in the event store
 * are told (a forged bus event tells nobody anything); each recipient once, in the app and by e-mail
 * as they chose.
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
  await tell(runtime, event, permitNoticesFor(event, await partiesOf(runtime, event)));
});
