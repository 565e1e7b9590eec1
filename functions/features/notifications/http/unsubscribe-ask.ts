import { httpHandler } from '../../../app/http.js';
import { unsubscribeQuery, type UnsubscribeResponse } from '../contracts.js';
import { unsubscribeLink } from '../unsubscribe-link.js';

/**
 * GET /api/notifications/unsubscribe (public): what a signed link would turn off, and nothing more.
 * Mail scanners follow links: only the POST (the one-click, or the page's button) unsubscribes.
 */
export const handler = httpHandler({ query: unsubscribeQuery }, async (request) => {
  const { kind, label } = unsubscribeLink(request.query.token);
  const body: UnsubscribeResponse = {
    scope: kind,
    label,
    unsubscribed: false,
    message: `Confirm to stop e-mails about: ${label}. You will still see these notifications in the app.`,
  };
  return { body };
});
