import { DEFAULT_NOTIFICATION_PREFERENCES, preferencesOf } from '#shared/notification-kinds.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { reading } from '../../../platform/views/reader.js';
import { getUser } from '../../users/queries.js';
import type { PreferencesResponse } from '../contracts.js';

/** GET /api/me/notification-preferences: the caller's modes (the profile view), the defaults beside them. */
export const handler = httpHandler({}, async (request) => {
  const principal = signedIn(request);
  const user = await getUser(reading(), principal.sub);
  const body: PreferencesResponse = {
    preferences: preferencesOf(user?.notification_preferences),
    defaults: DEFAULT_NOTIFICATION_PREFERENCES,
  };
  return { body };
});
