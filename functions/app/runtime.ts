import type { EventEnvelope } from '#events/envelope.js';
import { catalogue } from './catalogue.js';
import { foldFor, type Folding } from './streams.js';
import { appending as appendingWith } from '../platform/event-store/event-runtime.js';
import { eventReading as eventReadingWith } from '../platform/event-store/event-reads.js';
import type { Appending, EventReading } from '../platform/runtime.js';

/**
 * The app's factories over the platform's, with the event catalogue handed in: what a handler that
 * appends (`appending`) or reads events (`eventReading`) calls. A handler that reads only views calls
 * `reading()` (platform/views/reader.ts) and so bundles neither the event store nor the catalogue.
 */
export const appending = (): Appending => appendingWith(catalogue);
export const eventReading = (): EventReading => eventReadingWith(catalogue);

/**
 * What the audit reads beside the events: any stored event lifted to its current schema, and the fold
 * of any kind of stream (app/streams.ts), handed over here so that no feature imports the app's catalogue.
 */
export interface AuditReading {
  events: EventReading;
  upcast: (stored: EventEnvelope) => EventEnvelope;
  foldFor: (streamId: string) => Folding | undefined;
}
export const auditReading = (): AuditReading => ({
  events: eventReading(),
  upcast: (stored) => catalogue.upcast(stored),
  foldFor,
});
