import { httpHandler } from '../../http/middleware.js';
import { globalActivity } from '../../queries/activity-global.js';
import { getRuntime } from '../../core/runtime.js';
import { activityQuery, type GlobalActivityResponse } from '../contracts/admin.js';

/** GET /api/activity: the latest activity of every project, newest first, filtered by text and kind. */
export const handler = httpHandler({ query: activityQuery }, async (request) => {
  const activities = await globalActivity(getRuntime(), { q: request.query.q, type: request.query.type });
  const body: GlobalActivityResponse = { activities };
  return { body };
});
