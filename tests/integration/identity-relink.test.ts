import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  ListUsersCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { userStream } from '../../functions/features/users/decider.js';
import { relinkUsers } from '../../functions/features/users/ops/identity-relink.js';
import { TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Users after a lost Cognito pool, end to end on the embedded stack: the pool "is lost" (every
 * account deleted), the operator's import re-creates the accounts, each with a new sub, and relinks
 * them to their users in the events; a user resets the password by the mailed link, signs in and
 * sees and uses the old project. An account without the import's link inherits nothing.
 */
let stack: TestStack;
const OLD_PASSWORD = 'CorrectHorse#2026';
const NEW_PASSWORD = 'A brand new passphrase 2026';

const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack.local.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
const poolId = () => stack.local.cognito.userPoolId;

/** Every account of the pool deleted: what a lost pool leaves the events with. */
async function losePool(): Promise<void> {
  const { Users = [] } = await cognito().send(new ListUsersCommand({ UserPoolId: poolId() }));
  for (const user of Users)
    await cognito().send(new AdminDeleteUserCommand({ UserPoolId: poolId(), Username: user.Username! }));
  expect((await cognito().send(new ListUsersCommand({ UserPoolId: poolId() }))).Users ?? []).toEqual([]);
}

/** "Forgot password?": the mailed link, followed with a new password. */
async function resetByMailedLink(email: string, password: string): Promise<void> {
  const asked = await stack.api('POST', '/api/password-resets', { body: { email } });
  expect(asked.status).toBe(202);
  const [mail] = (await stack.local.outbox.list(email)).filter((sent) => sent.tag === 'password-reset');
  const token = new URL(/(https?:\/\/\S+)/.exec(mail!.text)![1]!).searchParams.get('token')!;
  const done = await stack.api('POST', '/api/password-resets', { body: { token, password } });
  expect(done).toEqual({ status: 200, body: { email, message: 'Your password has been updated.' } });
}

const streamTypes = async (userId: string) =>
  (await stack.local.runtime.store.readStream(userStream(userId))).events.map((event) => event.type);

let client: TestUser;
let stranger: TestUser;
let projectId: string;
const sockets: WebSocket[] = [];

/** A fresh stack where a client (with a project) and a stranger signed up, then the pool was lost. */
async function givenLostPool(): Promise<void> {
  stack = await TestStack.start();
  client = await stack.signUpClient({ name: 'Rita Relinked' });
  stranger = await stack.signUpClient();
  const created = await stack.api('POST', '/api/projects', {
    user: client,
    body: minimalProject({ title: 'Before the pool was lost' }),
  });
  expect(created.status).toBe(201);
  projectId = created.body.project.id;
  await stack.settle();
  await losePool();
}
// Two stacks: what holds before the operator's import cannot be observed once it has run.
describe('after a lost user pool, before the import', () => {
  beforeAll(givenLostPool, 120_000);
  afterAll(() => stack?.stop());

  it('nobody signs in, and signing up again with a registered address is refused', async () => {
    await expect(stack.signIn(client.email, OLD_PASSWORD)).rejects.toMatchObject({
      name: expect.stringMatching(/UserNotFoundException|NotAuthorizedException/),
    });
    await expect(
      cognito().send(
        new SignUpCommand({
          ClientId: stack.local.cognito.clientId,
          Username: client.email,
          Password: OLD_PASSWORD,
          UserAttributes: [{ Name: 'email', Value: client.email }],
        }),
      ),
    ).rejects.toThrow(/An account with this email already exists/);
  });

  it(
    'a reset link followed before the import refuses ' + 'cleanly: there is no account to set the password on',
    async () => {
      expect((await stack.api('POST', '/api/password-resets', { body: { email: stranger.email } })).status).toBe(202);
      const [mail] = (await stack.local.outbox.list(stranger.email)).filter((sent) => sent.tag === 'password-reset');
      const token = new URL(/(https?:\/\/\S+)/.exec(mail!.text)![1]!).searchParams.get('token')!;
      const before = await stack.eventCount();
      const done = await stack.api('POST', '/api/password-resets', { body: { token, password: NEW_PASSWORD } });
      expect(done).toEqual({ status: 410, body: { error: { code: 'GONE', message: 'Invalid or expired link' } } });
      expect(await stack.eventCount()).toBe(before);
    },
  );
});

describe('after a lost user pool, the import, and a reset by the mailed link', () => {
  let outcomes: Awaited<ReturnType<typeof relinkUsers>>;
  let signInBeforeReset: unknown;
  /** The client and the seeded admin, signed in again through their re-created accounts. */
  let relinkedClient: TestUser;
  let relinkedAdmin: TestUser;
  beforeAll(async () => {
    await givenLostPool();
    outcomes = await relinkUsers(stack.local.runtime, cognito(), poolId(), {
      only: [client.email, stack.local.seeded.admin.email],
    });
    await stack.settle();
    // No password yet: the user sets one by the reset link, which the old user's stream records.
    signInBeforeReset = await stack.signIn(client.email, OLD_PASSWORD).catch((error: Error) => error);
    await resetByMailedLink(client.email, NEW_PASSWORD);
    relinkedClient = await stack.signIn(client.email, NEW_PASSWORD);
    await resetByMailedLink(stack.local.seeded.admin.email, NEW_PASSWORD);
    relinkedAdmin = await stack.signIn(stack.local.seeded.admin.email, NEW_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await stack?.stop();
  });

  it('the import re-creates the accounts and relinks them to the old users', async () => {
    const mine = outcomes.find((outcome) => outcome.email === client.email)!;
    expect(mine).toMatchObject({ user_id: client.sub, status: 'linked', groups: ['client'] });
    expect(mine.new_sub).toBeTruthy();
    expect(mine.new_sub).not.toBe(client.sub);
    // Relinked once, right after the registration (the reset's events follow).
    const types = await streamTypes(client.sub);
    expect(types.slice(0, 2)).toEqual(['UserRegistered', 'UserIdentityRelinked']);
    expect(types.filter((type) => type === 'UserIdentityRelinked')).toHaveLength(1);
    // The new sub has no stream of its own: it is the old user, not a new one.
    expect(await streamTypes(mine.new_sub!)).toEqual([]);

    expect(signInBeforeReset).toMatchObject({ name: 'NotAuthorizedException' });
    expect(relinkedClient.sub).toBe(mine.new_sub);
  });

  it('after a reset by the mailed link the client sees and uses the old project', async () => {
    const back = relinkedClient;

    const me = await stack.api('GET', '/api/me', { user: back });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ id: client.sub, email: client.email, full_name: 'Rita Relinked' });
    const list = await stack.api('GET', '/api/projects', { user: back });
    expect(list.body.projects.map((project: { id: string }) => project.id)).toEqual([projectId]);
    const detail = await stack.api('GET', `/api/projects/${projectId}`, { user: back });
    expect(detail.status).toBe(200);
    expect(detail.body.project.title).toBe('Before the pool was lost');
    // Using it: the owner's upload form for the project.
    const upload = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
      user: back,
      body: { file_name: 'survey.pdf', content_type: 'application/pdf', file_size: 1024, file_type: 'client_upload' },
    });
    expect(upload.status).toBe(201);
    const activity = await stack.api('GET', `/api/projects/${projectId}/activity`, { user: back });
    expect(activity.status).toBe(200);
  });

  it('a relinked admin keeps the admin role (decided from the old user’s stream)', async () => {
    const back = relinkedAdmin;
    const users = await stack.api('GET', '/api/users', { user: back });
    expect(users.status).toBe(200);
    const me = await stack.api('GET', '/api/me', { user: back });
    expect(me.body.roles).toContain('admin');
  });

  it('live updates reach the relinked owner about the old project', async () => {
    const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=${relinkedClient.idToken}`);
    sockets.push(socket);
    const topics: string[][] = [];
    socket.on('message', (data) => topics.push((JSON.parse(data.toString()) as { topics: string[] }).topics));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const changed = await stack.api('PATCH', `/api/projects/${projectId}`, {
      user: relinkedAdmin,
      body: { status: 'in_progress' },
    });
    expect(changed.status).toBe(200);
    await stack.settle();
    const deadline = Date.now() + 5_000;
    while (!topics.some((list) => list.includes(`project:${projectId}`)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(topics.some((list) => list.includes(`project:${projectId}`))).toBe(true);
  });

  it('running the import again changes nothing', async () => {
    const before = await stack.eventCount();
    const outcomes = await relinkUsers(stack.local.runtime, cognito(), poolId(), { only: [client.email] });
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['already linked']);
    await stack.settle();
    expect(await stack.eventCount()).toBe(before);
  });

  it('an account with the same e-mail but no link from the import inherits nothing of the old user', async () => {
    // Created in the new pool for the stranger's address some other way than the import (an
    // operator's slip, or anyone who obtained such an account): no UserIdentityRelinked names it.
    const created = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: poolId(),
        Username: stranger.email,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: stranger.email },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: poolId(),
        Username: stranger.email,
        Password: NEW_PASSWORD,
        Permanent: true,
      }),
    );
    const lookalike = await stack.signIn(stranger.email, NEW_PASSWORD);
    expect(lookalike.sub).toBe(created.User!.Attributes!.find((attribute) => attribute.Name === 'sub')!.Value);
    expect(lookalike.sub).not.toBe(stranger.sub);

    const me = await stack.api('GET', '/api/me', { user: lookalike });
    expect(me.body.user.id).toBe(lookalike.sub);
    expect(me.body.user.created_at).toBeNull();
    expect((await stack.api('GET', '/api/projects', { user: lookalike })).body.projects).toEqual([]);
    // Nor the relinked client's project, whose owner is another user id.
    expect((await stack.api('GET', `/api/projects/${projectId}`, { user: lookalike })).status).toBeGreaterThanOrEqual(
      403,
    );
    expect(await streamTypes(stranger.sub)).not.toContain('UserIdentityRelinked');

    // Nor does the operator's import adopt it later: someone chose its password.
    const [adopted] = await relinkUsers(stack.local.runtime, cognito(), poolId(), { only: [stranger.email] });
    expect(adopted).toMatchObject({ user_id: stranger.sub, status: 'refused', new_sub: lookalike.sub });
    expect(adopted!.reason).toMatch(/not created by this import/);
    await stack.settle();
    expect((await stack.api('GET', '/api/projects', { user: lookalike })).body.projects).toEqual([]);
    expect(await streamTypes(stranger.sub)).not.toContain('UserIdentityRelinked');

    // A new sign-up (any other address) is a new user too.
    const newcomer = await stack.signUpClient({}, uniqueEmail('newcomer'));
    expect((await stack.api('GET', '/api/projects', { user: newcomer })).body.projects).toEqual([]);
  });

  it('no API route can write the link: only the operator’s import issues RelinkIdentity', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const { join } = await import('node:path');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
      );
    // Whatever issues the command (an object literal of it), in every module under functions/ but tests.
    const issuers = files('functions')
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .filter((file) => /type: 'RelinkIdentity',/.test(readFileSync(file, 'utf8')));
    expect(issuers).toEqual([join('functions', 'features', 'users', 'ops', 'identity-relink.ts')]);
  });
});
