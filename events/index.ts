import { EventCatalogue } from './catalogue.js';
import { projectEvents } from './project-events.js';
import { userEvents } from './user-events.js';

export * from './canonical-json.js';
export * from './catalogue.js';
export * from './envelope.js';
export * from './hash-chain.js';
export * from './project-events.js';
export * from './user-events.js';
export * from './vocabulary.js';

/** Every event type the system knows, with its schema versions and upcasters. */
export const catalogue = new EventCatalogue().register(...userEvents, ...projectEvents);
