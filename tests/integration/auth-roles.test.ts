import {
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../events/envelope.js';
import { userDecider, userStream } from '../../functions/features/users/decider.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { routes } from '../../infra/routes.js';
import { TestStack, type TestUser } from '../support/stack.js';

let stack: TestStack;
let client: TestUser;
let designer: TestUser;
let admin: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  [client, designer, admin] = await Promise.all([stack.signUpClient(), stack.designer(), stack.admin()]);
});
afterAll(async () => {
  await stack?.stop();
});

const adminRoutes = routes.filter(
  (route) => Array.isArray(route.access) && route.access.length === 1 && route.access[0] === 'admin',
);
const pathOf = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    name === 'streamId' ? 'user-nobody' : name === 'email' ? 'someone%40example.test' : '01JABCDEFGHJKMNPQRSTVWXYZ0',
  );

describe('admin routes', () => {
  it('include the designer management and revocation routes', () => {
    const keys = adminRoutes.map((route) => `${route.method} ${route.path}`);
    for (const key of [
      'GET /api/designers',
      'POST /api/designers',
      'PATCH /api/designers/{email}',
      'DELETE /api/designers/{email}',
      'POST /api/sessions/revoke-designers',
    ]) {
      expect(keys).toContain(key);
    }
  });

  it.each(adminRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s refuses clients and designers with 403 and appends nothing',
    async (_key, route) => {
      const before = await stack.eventCount();
      const body =
        route.method === 'GET' || route.method === 'DELETE'
          ? undefined
          : { email: 'x@example.test', active: false, ids: ['01JABCDEFGHJKMNPQRSTVWXYZ0'], status: 'queued' };
      for (const user of [client, designer]) {
        const response = await stack.api(route.method, pathOf(route.path), { user, body });
        expect(response.status, `${route.method} ${route.path} as ${user.email}`).toBe(403);
        expect(response.body.error?.code).toBe('FORBIDDEN');
      }
      expect(await stack.eventCount()).toBe(before);
    },
  );
});

/** Signs in again once the second of the ended sessions has passed (token times are whole seconds). */
async function signInAgain(user: TestUser): Promise<TestUser> {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  return stack.signIn(user.email, user.password!);
}

describe('roles come from the projections, not from the token alone', () => {
  it(
    'an admin role granted by an event ends the sessions that predate it, works in the next one, and revoking it ' +
      'takes it away',
    async () => {
      // Its own account: the role changes end its sessions, which no other test should meet.
      let promoted = await stack.signUpClient();
      expect((await stack.api('GET', '/api/designers', { user: promoted })).status).toBe(403);
      await runCommand(
        userDecider,
        userStream(promoted.sub),
        { type: 'GrantRole', role: 'admin' },
        { actor: SYSTEM_ACTOR },
        stack.local.runtime,
      );
      await stack.settle();
      // A role change ends the account's sessions (issue 34): the old token is refused outright.
      expect((await stack.api('GET', '/api/designers', { user: promoted })).body.error?.code).toBe('SESSION_REVOKED');
      promoted = await signInAgain(promoted);
      expect((await stack.api('GET', '/api/designers', { user: promoted })).status).toBe(200);
      expect((await stack.api('GET', '/api/me', { user: promoted })).body.roles).toEqual(['admin']);
      expect(await groupsOf(promoted.sub)).toContain('admin');

      await runCommand(
        userDecider,
        userStream(promoted.sub),
        { type: 'RevokeRole', role: 'admin' },
        { actor: SYSTEM_ACTOR },
        stack.local.runtime,
      );
      await stack.settle();
      expect((await stack.api('GET', '/api/designers', { user: promoted })).status).toBe(401);
      promoted = await signInAgain(promoted);
      expect((await stack.api('GET', '/api/designers', { user: promoted })).status).toBe(403);
      expect((await stack.api('GET', '/api/me', { user: promoted })).body.roles).toEqual(['client']);
      expect(await groupsOf(promoted.sub)).not.toContain('admin');
    },
  );

  it('a signed-out caller gets 401 on every non-public route', async () => {
    for (const route of routes.filter((r) => r.access !== 'public')) {
      const response = await stack.api(route.method, pathOf(route.path));
      expect(response.status, `${route.method} ${route.path}`).toBe(401);
    }
  });

  it('the admin reaches the designer list', async () => {
    expect((await stack.api('GET', '/api/designers', { user: admin })).status).toBe(200);
  });
});

async function groupsOf(sub: string): Promise<string[]> {
  const cognito = new CognitoIdentityProviderClient({
    endpoint: stack.local.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const { Groups = [] } = await cognito.send(
    new AdminListGroupsForUserCommand({ UserPoolId: stack.local.cognito.userPoolId, Username: sub }),
  );
  return Groups.map((group) => group.GroupName!);
}
