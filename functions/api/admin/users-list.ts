import { httpHandler } from '../../http/middleware.js';
import { listAdminUsers, userStats } from '../../queries/users-admin.js';
import { getRuntime } from '../../core/runtime.js';
import type { UsersResponse } from '../contracts/admin.js';

/** GET /api/users: every profile with roles and subscription, newest first, and the four counts. */
export const handler = httpHandler({}, async () => {
  const users = await listAdminUsers(getRuntime());
  const body: UsersResponse = { users, stats: userStats(users) };
  return { body };
});
