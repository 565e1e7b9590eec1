import type { EventEnvelope } from '../../../events/envelope.js';
import type { EventReading } from '../runtime.js';

/**
 * The event as the store holds it, or null when the store has no event with that stream, version,
 * id, type and hash. The bus is not the record: anything that can put an event on it could
 * otherwise grant a role or rewrite a projection. Callers act on the stored event's data, never on
 * the delivered copy's.
 */
export async function storedEvent(
  delivered: EventEnvelope,
  runtime: Pick<EventReading, 'store'>,
): Promise<EventEnvelope | null> {
  if (typeof delivered?.streamId !== 'string' || !Number.isSafeInteger(delivered.version) || delivered.version < 1)
    return null;
  const stored = await runtime.store.readEvent(delivered.streamId, delivered.version);
  if (
    !stored ||
    stored.hash !== delivered.hash ||
    stored.eventId !== delivered.eventId ||
    stored.type !== delivered.type
  )
    return null;
  return stored;
}
