import { DEFAULT_NOTIFICATION_PREFERENCES, preferencesOf } from '../../../../shared/notification-kinds.js';
import { httpHandler, signedIn } from '../../../platform/http/middleware.js';
import { getRuntime } from '../../../platform/runtime.js';
import { getUser } from '../../users/queries.js';
import type { PreferencesResponse } from '../contracts.js';

/** GET /api/me/notification-preferences: the caller's modes (the profile view), the defaults beside them. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const user = await getUser(getRuntime(), principal.sub);
  const body: PreferencesResponse = { preferences: preferencesOf(user?.notification_preferences), defaults: DEFAULT_NOTIFICATION_PREFERENCES };
  return { body };
});
