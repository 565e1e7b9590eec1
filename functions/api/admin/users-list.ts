import { httpHandler } from '../../http/middleware.js';
import { pageAdminUsers } from '../../queries/users-admin.js';
import { cursorScope, pageLimit } from '../../queries/paging.js';
import { getRuntime } from '../../core/runtime.js';
import { USERS_PAGE, usersQuery, type UsersResponse } from '../contracts/admin.js';

/** GET /api/users: a page of profiles with roles and subscription, newest first, and the four counts. */
export const handler = httpHandler({ query: usersQuery }, async (request) => {
  const page = await pageAdminUsers(getRuntime(), {
    scope: cursorScope('GET /api/users', {}),
    limit: pageLimit(request.query.limit, USERS_PAGE),
    cursor: request.query.cursor,
  });
  const body: UsersResponse = { users: page.users, stats: page.stats, ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}) };
  return { body };
});
