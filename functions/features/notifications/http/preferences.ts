import { DEFAULT_NOTIFICATION_PREFERENCES } from '#shared/notification-kinds.js';
import { changeNotificationPreferences } from '../../users/commands.js';
import { actorOf } from '../../../platform/http/auth.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { preferencesBody, type PreferencesResponse } from '../contracts.js';

/** PATCH /api/me/notification-preferences: per kind, e-mail immediately, in the daily digest, or off (an event). */
export const handler = httpHandler({ body: preferencesBody }, async (request) => {
  const principal = signedIn(request);
  const preferences = await changeNotificationPreferences(appending(), principal.sub, request.body ?? {}, 'profile', {
    actor: actorOf(principal),
    correlationId: request.correlationId || undefined,
  });
  const body: PreferencesResponse = { preferences, defaults: DEFAULT_NOTIFICATION_PREFERENCES };
  return { body };
});
