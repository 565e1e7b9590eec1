import { catalogue } from './catalogue.js';
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
