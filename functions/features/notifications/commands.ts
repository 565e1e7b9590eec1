import type { EventEnvelope } from '../../../events/envelope.js';
import type { EventReading } from '../../platform/runtime.js';
import { withoutActorAndDuplicates, type Notice, type ProjectParties } from './audience.js';
import { announce, deliver, projectParties } from './deliver.js';
import { NotificationStore } from './store.js';

/**
 * What other features may ask of the notifications: telling the people a project event of theirs
 * concerns (they decide who and what, from the project's parties), through the same inbox, e-mail
 * preferences, once-only delivery and live announcement as the project's own events.
 */
export type { Notice, ProjectParties, Recipient, Board } from './audience.js';
export { projectLink, designerOf } from './audience.js';

export const partiesOf = (runtime: EventReading, event: EventEnvelope): Promise<ProjectParties> =>
  projectParties(runtime, event, true);

/** Stores and sends each notice once (never to the one who acted, each recipient once), then tells their open apps. */
export async function tell(runtime: EventReading, event: EventEnvelope, notices: readonly Notice[]): Promise<void> {
  const told = await deliver(runtime, event, withoutActorAndDuplicates([...notices], event.actor.sub));
  await announce(told, event.at);
}

/**
 * An erasure's part here: every notification and waiting e-mail line about the erased streams' events
 * (in anyone's inbox), and the erased account's own inbox. Called before the account's keys go.
 */
export async function forgetNotifications(
  runtime: EventReading,
  erased: { sub: string; email: string | null; events: readonly { eventId: string; projectId: string }[] },
): Promise<void> {
  const store = new NotificationStore(runtime);
  for (const { eventId, projectId } of erased.events) await store.forgetEvent(eventId, projectId);
  await store.forgetRecipient(erased.sub, erased.email);
}
