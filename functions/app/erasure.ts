import type { EventEnvelope } from '#events/envelope.js';
import { consumer } from './lambda.js';
import { allProjections } from './projections.js';
import { Replayer } from './replay.js';
import { appending } from './runtime.js';
import { storedEvent } from '../platform/event-store/stored-event.js';
import { log } from '../platform/log.js';
import { viewStore } from '../platform/views/views.js';
import { carryOutErasure } from '../features/users/erasure.js';

/**
 * The erasure reactor: carries out an erasure (PersonalDataErased) only as the event store holds it,
 * so a forged bus event erases nothing. Every step is safe to repeat: a failed delivery is retried,
 * a redelivery redoes them all. Here, not in the users feature, because its last step rebuilds the
 * views of the streams it touched, with every feature's projections.
 */
export const handler = consumer(async (delivered: EventEnvelope): Promise<void> => {
  const runtime = appending();
  const event = await storedEvent(delivered, runtime);
  if (!event) {
    log.warn('Ignored an erasure that is not in the event store', {
      streamId: String(delivered?.streamId),
      type: String(delivered?.type),
    });
    return;
  }
  if (event.type !== 'PersonalDataErased' || !event.streamId.startsWith('user-')) return;
  await carryOutErasure(runtime, event, async (streamIds) => {
    const replayer = new Replayer(runtime.store, viewStore(), allProjections);
    for (const streamId of streamIds) await replayer.run({ streamId });
  });
});
