import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes, type RouteDefinition } from '../../infra/routes.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

/**
 * Only admins reach the admin routes: every route the table marks admin-only, called with a client's
 * and a designer's token, is refused with 403 and appends nothing. The bodies are ones an admin's
 * call would act on, so a missing check would show as an appended event.
 */
let stack: TestStack;
let admin: TestUser;
let client: TestUser;
let designer: TestUser;
let projectId: string;

const adminOnly = routes.filter(
  (route) => Array.isArray(route.access) && route.access.length === 1 && route.access[0] === 'admin',
);

function pathOf(route: RouteDefinition): string {
  return route.path
    .replace('{id}', route.path.startsWith('/api/users') ? client.sub : projectId)
    .replace('{streamId}', `project-${projectId}`)
    .replace('{email}', encodeURIComponent(stack.local.seeded.designer.email))
    .replace(/\{\w+\}/g, 'x');
}

function bodyOf(route: RouteDefinition): unknown {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  if (route.path === '/api/projects/bulk') return { ids: [projectId], status: 'delivered' };
  if (route.path.startsWith('/api/comments/')) return { project_id: projectId };
  if (route.path === '/api/designers') return { email: 'someone.new@example.test' };
  if (route.path.startsWith('/api/designers/')) return { active: false };
  return {};
}

beforeAll(async () => {
  stack = await TestStack.start();
  [admin, designer] = await Promise.all([stack.admin(), stack.designer()]);
  client = await stack.signUpClient();
  const created = await stack.api('POST', '/api/projects', { user: client, body: minimalProject() });
  projectId = created.body.project.id;
  await stack.settle();
}, 120_000);
afterAll(() => stack?.stop());

describe('admin-only routes', () => {
  it('include every admin dashboard route', () => {
    const keys = adminOnly.map(routeKey);
    for (const key of [
      'POST /api/projects/bulk',
      'GET /api/activity',
      'GET /api/users',
      'GET /api/users/{id}',
      'GET /api/moderation',
      'POST /api/billing/sync',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it.each([
    ['a client', () => client],
    ['a designer', () => designer],
  ])('refuse %s with 403 and append nothing', async (_who, who) => {
    const user = who();
    const before = await stack.eventCount();
    for (const route of adminOnly) {
      const response = await stack.api(route.method, pathOf(route), { user, body: bodyOf(route) });
      expect(response.status, routeKey(route)).toBe(403);
      expect(response.body?.error?.code, routeKey(route)).toBe('FORBIDDEN');
    }
    await stack.settle();
    expect(await stack.eventCount()).toBe(before);
  });

  it('refuse a caller without a token with 401', async () => {
    for (const route of adminOnly) {
      expect((await stack.api(route.method, pathOf(route), { body: bodyOf(route) })).status, routeKey(route)).toBe(401);
    }
  });

  it('answer an admin', async () => {
    for (const key of ['GET /api/activity', 'GET /api/users', 'GET /api/users/{id}']) {
      const route = adminOnly.find((r) => routeKey(r) === key)!;
      expect((await stack.api(route.method, pathOf(route), { user: admin })).status, key).toBe(200);
    }
  });
});
