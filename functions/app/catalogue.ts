import { EventCatalogue } from '../../events/catalogue.js';
import { billingEvents } from '../features/billing/events.js';
import { designerEvents } from '../features/designers/events.js';
import { exportEvents } from '../features/exports/events.js';
import { notificationEvents } from '../features/notifications/events.js';
import { permitEvents } from '../features/permits/events.js';
import { projectEvents } from '../features/projects/events.js';
import { reviewEvents } from '../features/reviews/events.js';
import { teamEvents } from '../features/teams/events.js';
import { userEvents } from '../features/users/events.js';

/**
 * Every event type the system knows, with its schema versions and upcasters: the features' event
 * lists, put together here and nowhere else. Built by a call marked pure, so a bundle that never uses
 * the catalogue (a handler that only reads views) drops it and every definition only it refers to.
 */
export const catalogue = /* @__PURE__ */ everyEvent();

function everyEvent(): EventCatalogue {
  return new EventCatalogue().register(
    ...userEvents,
    ...projectEvents,
    ...reviewEvents,
    ...permitEvents,
    ...billingEvents,
    ...teamEvents,
    ...designerEvents,
    ...notificationEvents,
    ...exportEvents,
  );
}
