import { DEFAULT_NOTIFICATION_PREFERENCES, preferencesOf } from '#shared/notification-kinds.js';
import { userDecider, userStream } from '../../users/decider.js';
import { actorOf } from '../../../platform/http/auth.js';
import { runCommand } from '../../../platform/event-store/command.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { appending } from '../../../app/runtime.js';
import { preferencesBody, type PreferencesResponse } from '../contracts.js';

/** PATCH /api/me/notification-preferences: per kind, e-mail immediately, in the daily digest, or off (an event). */
export const handler = httpHandler({ body: preferencesBody }, async (request) => {
  const principal = signedIn(request);
  const result = await runCommand(
    userDecider,
    userStream(principal.sub),
    { type: 'ChangeNotificationPreferences', preferences: request.body ?? {}, via: 'profile' },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    appending(),
  );
  const body: PreferencesResponse = { preferences: preferencesOf(result.state.notification_preferences), defaults: DEFAULT_NOTIFICATION_PREFERENCES };
  return { body };
});
