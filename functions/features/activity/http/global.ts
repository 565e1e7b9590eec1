import { httpHandler } from '../../../app/http.js';
import { globalActivityPage } from '../queries-global.js';
import { cursorScope, pageLimit } from '../../../platform/views/paging.js';
import { eventReading } from '../../../app/runtime.js';
import { ACTIVITY_PAGE, activityQuery, type GlobalActivityResponse } from '../../users/contracts.js';

/**
 * GET /api/activity: every project's activity, newest first, day by day, a page at a time, filtered by text and kind.
 */
export const handler = httpHandler({ query: activityQuery }, async (request) => {
  const { q, type, limit, cursor } = request.query;
  const page = await globalActivityPage(
    eventReading(),
    { q, type },
    { scope: cursorScope('GET /api/activity', { q, type }), limit: pageLimit(limit, ACTIVITY_PAGE), cursor },
  );
  const body: GlobalActivityResponse = {
    activities: page.activities,
    ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
  };
  return { body };
});
