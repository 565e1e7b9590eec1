import { httpHandler } from '../../lib/http.js';
import { listAdminUsers, userStats } from '../../lib/queries/users-admin.js';
import { getRuntime } from '../../lib/runtime.js';
import type { UsersResponse } from '../contracts/admin.js';

/** GET /api/users: every profile with roles and subscription, newest first, and the four counts. */
export const handler = httpHandler({}, async () => {
  const users = await listAdminUsers(getRuntime());
  const body: UsersResponse = { users, stats: userStats(users) };
  return { body };
});
