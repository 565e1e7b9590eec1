import { DEFAULT_NOTIFICATION_PREFERENCES, preferencesOf } from '../../../events/index.js';
import { userDecider, userStream } from '../../domain/user.js';
import { actorOf } from '../../http/auth.js';
import { runCommand } from '../../core/command.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { getRuntime } from '../../core/runtime.js';
import { preferencesBody, type PreferencesResponse } from '../contracts/notifications.js';

/** PATCH /api/me/notification-preferences: per kind, e-mail immediately, in the daily digest, or off (an event). */
export const handler = httpHandler({ body: preferencesBody }, async (request) => {
  const principal = signedIn(request);
  const result = await runCommand(
    userDecider,
    userStream(principal.sub),
    { type: 'ChangeNotificationPreferences', preferences: request.body ?? {}, via: 'profile' },
    { actor: actorOf(principal), correlationId: request.correlationId || undefined },
    getRuntime(),
  );
  const body: PreferencesResponse = { preferences: preferencesOf(result.state.notification_preferences), defaults: DEFAULT_NOTIFICATION_PREFERENCES };
  return { body };
});
