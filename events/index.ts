import { billingEvents } from './billing-events.js';
import { EventCatalogue } from './catalogue.js';
import { designerEvents } from './designer-events.js';
import { notificationEvents } from './notification-events.js';
import { projectEvents } from './project-events.js';
import { teamEvents } from './team-events.js';
import { userEvents } from './user-events.js';

export * from './billing-events.js';
export * from './canonical-json.js';
export * from './catalogue.js';
export * from './designer-events.js';
export * from './email.js';
export * from './envelope.js';
export * from './hash-chain.js';
export * from './notification-events.js';
export * from './plans.js';
export * from './project-events.js';
export * from './team-events.js';
export * from './user-events.js';
export * from './vocabulary.js';

/** Every event type the system knows, with its schema versions and upcasters. */
export const catalogue = new EventCatalogue().register(...userEvents, ...projectEvents, ...billingEvents, ...teamEvents, ...designerEvents, ...notificationEvents);
