import { httpHandler } from '../../../app/http.js';
import { pageAdminUsers } from '../admin-users.js';
import { cursorScope, pageLimit } from '../../../platform/views/paging.js';
import { reading } from '../../../platform/views/reader.js';
import { USERS_PAGE, usersQuery, type UsersResponse } from '../admin-contracts.js';

/** GET /api/users: a page of profiles with roles and subscription, newest first, and the four counts. */
export const handler = httpHandler({ query: usersQuery }, async (request) => {
  const page = await pageAdminUsers(reading(), {
    scope: cursorScope('GET /api/users', {}),
    limit: pageLimit(request.query.limit, USERS_PAGE),
    cursor: request.query.cursor,
  });
  const body: UsersResponse = {
    users: page.users,
    stats: page.stats,
    ...(page.nextCursor ? { next_cursor: page.nextCursor } : {}),
  };
  return { body };
});
