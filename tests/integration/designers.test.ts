import {
  AdminListGroupsForUserCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddDesignerResponse, ListDesignersResponse } from '../../functions/features/designers/contracts.js';
import { TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';

const PASSWORD = 'CorrectHorse#2026';

let stack: TestStack;
let admin: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  admin = await stack.admin();
});
afterAll(async () => {
  await stack?.stop();
});

const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack.local.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** By the account's user name (its sub): cognito-local matches group members by user name only. */
async function groupsOf(sub: string): Promise<string[]> {
  const { Groups = [] } = await cognito().send(
    new AdminListGroupsForUserCommand({ UserPoolId: stack.local.cognito.userPoolId, Username: sub }),
  );
  return Groups.map((group) => group.GroupName!).sort();
}

async function signUp(email: string): Promise<TestUser> {
  await cognito().send(
    new SignUpCommand({
      ClientId: stack.local.cognito.clientId,
      Username: email,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'New Designer' },
      ],
    }),
  );
  await stack.settle();
  return stack.signIn(email, PASSWORD);
}

/** The token of the latest designer invitation link mailed to `email` (the local outbox). */
async function invitationToken(email: string): Promise<string> {
  const mails = (await stack.local.outbox.list(email)).filter((mail) => mail.tag === 'designer-invite');
  return /token=([A-Za-z0-9_-]+)/.exec(mails[0]!.text)![1]!;
}

/** Signs up with the invited address, follows the invitation link, and signs in again (fresh groups). */
async function signUpAndAccept(email: string): Promise<TestUser> {
  // Accepting needs the address proven (issue 34): the code Cognito mails, as the SPA's dialog asks.
  const user = await stack.proveEmail(await signUp(email));
  const accepted = await stack.api('POST', `/api/designer-invites/${await invitationToken(email)}/accept`, { user });
  expect(accepted, JSON.stringify(accepted.body)).toMatchObject({ status: 200, body: { email } });
  await stack.settle();
  return stack.signIn(email, PASSWORD);
}

/** Follows the invitation link as an account that already signed up with the address. */
async function signUpAndAcceptExisting(email: string, unproven: TestUser): Promise<TestUser> {
  const user = await stack.proveEmail(unproven);
  const accepted = await stack.api('POST', `/api/designer-invites/${await invitationToken(email)}/accept`, { user });
  expect(accepted, JSON.stringify(accepted.body)).toMatchObject({ status: 200, body: { email } });
  await stack.settle();
  return stack.signIn(email, PASSWORD);
}

/** Signs in again once the second of the ended sessions has passed (token times are whole seconds). */
async function signInAgain(email: string): Promise<TestUser> {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  return stack.signIn(email, PASSWORD);
}

async function designers() {
  const response = await stack.api('GET', '/api/designers', { user: admin });
  expect(response.status).toBe(200);
  return (response.body as ListDesignersResponse).designers;
}

describe('roles are events', () => {
  it('gives the seeded accounts their roles through events, and the API reads them from the projections', async () => {
    const designer = await stack.designer();
    expect((await stack.api('GET', '/api/me', { user: admin })).body.roles).toEqual(['admin']);
    expect((await stack.api('GET', '/api/me', { user: designer })).body.roles).toEqual(['designer']);
    expect(await groupsOf(admin.sub)).toContain('admin');
    expect(await groupsOf(designer.sub)).toContain('designer');
    const seeded = (await designers()).find((row) => row.email === stack.local.seeded.designer.email);
    expect(seeded).toEqual({
      email: stack.local.seeded.designer.email,
      active: true,
      user_id: designer.sub,
      active_projects: 0,
      invitation: null,
      full_name: 'Dana Designer',
    });
  });
});

describe('POST /api/designers (Add designer)', () => {
  it("answers the spec's messages for a missing or malformed e-mail", async () => {
    const before = await stack.eventCount();
    const missing = await stack.api('POST', '/api/designers', { user: admin, body: { email: '  ' } });
    expect(missing).toMatchObject({
      status: 400,
      body: { error: { code: 'EMAIL_REQUIRED', message: 'Please enter an email address' } },
    });
    const noBody = await stack.api('POST', '/api/designers', { user: admin });
    expect(noBody).toMatchObject({ status: 400, body: { error: { code: 'EMAIL_REQUIRED' } } });
    const malformed = await stack.api('POST', '/api/designers', { user: admin, body: { email: 'not-an-address' } });
    expect(malformed).toMatchObject({
      status: 400,
      body: { error: { code: 'EMAIL_INVALID', message: 'Please enter a valid email address' } },
    });
    expect(await stack.eventCount()).toBe(before);
  });

  it('pre-authorises a new e-mail, lower-cased, and refuses it the second time', async () => {
    const email = uniqueEmail('pre');
    const added = await stack.api('POST', '/api/designers', {
      user: admin,
      body: { email: `  ${email.toUpperCase()} ` },
    });
    expect(added.status).toBe(201);
    expect(added.body as AddDesignerResponse).toEqual({
      designer: { email, active: true, user_id: null, active_projects: 0, invitation: 'pending' },
      profile_exists: false,
      message: 'Designer can now register with this email',
      invitation_sent: true,
    });
    await stack.settle();
    expect((await designers()).find((row) => row.email === email)).toEqual({
      email,
      active: true,
      user_id: null,
      active_projects: 0,
      invitation: 'pending',
      full_name: null,
    });

    const before = await stack.eventCount();
    const again = await stack.api('POST', '/api/designers', { user: admin, body: { email } });
    expect(again).toMatchObject({
      status: 409,
      body: { error: { code: 'ALREADY_DESIGNER', message: 'This email is already registered as a designer' } },
    });
    expect(await stack.eventCount()).toBe(before);
  });

  it("refuses an admin's e-mail and a client's e-mail with their own codes", async () => {
    const client = await stack.signUpClient();
    const before = await stack.eventCount();
    const adminEmail = await stack.api('POST', '/api/designers', {
      user: admin,
      body: { email: stack.local.seeded.admin.email },
    });
    expect(adminEmail.status).toBe(409);
    expect(adminEmail.body.error?.code).toBe('EMAIL_BELONGS_TO_ADMIN');
    expect(adminEmail.body.error?.message).toMatch(/registered admin account/);
    expect(adminEmail.body.error?.message).toMatch(/different email/);
    const clientEmail = await stack.api('POST', '/api/designers', { user: admin, body: { email: client.email } });
    expect(clientEmail.status).toBe(409);
    expect(clientEmail.body.error?.code).toBe('EMAIL_BELONGS_TO_USER');
    expect(clientEmail.body.error?.message).toMatch(/registered client or user account/);
    expect(clientEmail.body.error?.message).toMatch(/different email/);
    const designerEmail = await stack.api('POST', '/api/designers', {
      user: admin,
      body: { email: stack.local.seeded.designer.email },
    });
    expect(designerEmail.body.error?.code).toBe('ALREADY_DESIGNER');
    expect(await stack.eventCount()).toBe(before);
  });
});

describe('a pre-authorised designer', () => {
  it(
    'is linked when they follow the invitation link, ' + 'joins the designer group and passes link-designer-role',
    async () => {
      const email = uniqueEmail('joiner');
      expect((await stack.api('POST', '/api/designers', { user: admin, body: { email } })).status).toBe(201);
      await stack.settle();
      const signedUp = await signUp(email);
      // Signing up with the address proves nothing: not linked, no designer rights, until the link.
      expect((await designers()).find((row) => row.email === email)).toMatchObject({
        user_id: null,
        invitation: 'pending',
      });
      const waiting = (await stack.api('GET', '/api/me', { user: signedUp })).body;
      expect(waiting.roles).toEqual(['client']);
      // …and /api/me tells them the invitation is waiting for their address (issue 36: the dashboard says to
      // follow it).
      expect(waiting.designer_invitation).toEqual({ status: 'pending', expires_at: expect.any(String) });
      expect((await stack.api('GET', '/api/me', { user: admin })).body.designer_invitation).toBeNull();
      expect(await stack.api('POST', '/api/designers/link', { user: signedUp })).toMatchObject({
        status: 200,
        body: { allowed: false },
      });
      const user = await signUpAndAcceptExisting(email, signedUp);
      await stack.settle();
      expect((await stack.api('GET', '/api/me', { user })).body.designer_invitation).toBeNull();

      expect((await designers()).find((row) => row.email === email)).toEqual({
        email,
        active: true,
        user_id: user.sub,
        active_projects: 0,
        invitation: 'accepted',
        full_name: expect.any(String),
      });
      expect(await groupsOf(user.sub)).toEqual(['client', 'designer']);
      expect((await stack.api('GET', '/api/me', { user })).body.roles).toEqual(['designer']);

      const before = await stack.eventCount();
      const link = await stack.api('POST', '/api/designers/link', { user });
      expect(link).toMatchObject({ status: 200, body: { allowed: true } });
      // Already linked: nothing more to record.
      expect(await stack.eventCount()).toBe(before);
    },
  );

  it(
    'who has an account already (a former designer) gets a new link as they are added back, and is linked on ' +
      'following it',
    async () => {
      const email = uniqueEmail('returning');
      await stack.api('POST', '/api/designers', { user: admin, body: { email } });
      await stack.settle();
      const user = await signUpAndAccept(email);
      expect((await stack.api('DELETE', `/api/designers/${encodeURIComponent(email)}`, { user: admin })).status).toBe(
        200,
      );
      await stack.settle();
      expect(await groupsOf(user.sub)).toEqual(['client']);

      const back = await stack.api('POST', '/api/designers', { user: admin, body: { email } });
      expect(back.status).toBe(201);
      expect(back.body).toMatchObject({
        profile_exists: true,
        message: 'Designer added to system',
        designer: { email, user_id: null, active: true, invitation: 'pending' },
      });
      await stack.settle();
      expect(await groupsOf(user.sub)).toEqual(['client']);
      // The removal ended that session (issue 34): they sign in again to follow the new link.
      const again = await signInAgain(email);
      const accepted = await stack.api('POST', `/api/designer-invites/${await invitationToken(email)}/accept`, {
        user: again,
      });
      expect(accepted.status).toBe(200);
      await stack.settle();
      expect(await groupsOf(user.sub)).toEqual(['client', 'designer']);
    },
  );

  it('the admin resends the link: a new token, the old one stops working; an accepted link works once', async () => {
    const email = uniqueEmail('resend');
    await stack.api('POST', '/api/designers', { user: admin, body: { email } });
    await stack.settle();
    const first = await invitationToken(email);
    const resent = await stack.api('POST', `/api/designers/${encodeURIComponent(email)}/invite`, { user: admin });
    expect(resent).toMatchObject({
      status: 200,
      body: { message: `Invitation resent to ${email}`, designer: { invitation: 'pending' } },
    });
    await stack.settle();
    const second = await invitationToken(email);
    expect(second).not.toBe(first);
    const user = await stack.proveEmail(await signUp(email));
    expect((await stack.api('GET', `/api/designer-invites/${first}`)).status).toBe(404);
    expect(await stack.api('GET', `/api/designer-invites/${second}`)).toMatchObject({ status: 200, body: { email } });
    expect((await stack.api('POST', `/api/designer-invites/${first}/accept`, { user })).status).toBe(404);
    expect((await stack.api('POST', `/api/designer-invites/${second}/accept`, { user })).status).toBe(200);
    await stack.settle();
    expect((await stack.api('POST', `/api/designer-invites/${second}/accept`, { user })).status).toBeGreaterThanOrEqual(
      404,
    );
    expect(
      (await stack.api('POST', `/api/designers/${encodeURIComponent(email)}/invite`, { user: admin })).status,
    ).toBe(409);
  });

  it('link-designer-role answers allowed: false for a client and records nothing', async () => {
    const client = await stack.signUpClient();
    const before = await stack.eventCount();
    expect(await stack.api('POST', '/api/designers/link', { user: client })).toMatchObject({
      status: 200,
      body: { allowed: false },
    });
    expect(await stack.eventCount()).toBe(before);
  });
});

describe('a stale token cannot keep designer rights', () => {
  it('once the authorisation is deactivated or removed, the same token no longer passes designer routes', async () => {
    const email = uniqueEmail('stale');
    await stack.api('POST', '/api/designers', { user: admin, body: { email } });
    await stack.settle();
    let designer = await signUpAndAccept(email);
    const tokenGroups = JSON.parse(Buffer.from(designer.idToken.split('.')[1]!, 'base64url').toString())[
      'cognito:groups'
    ];
    expect(tokenGroups).toContain('designer');

    // A project assigned to them (by the admin, through the API).
    const client = await stack.signUpClient();
    const created = await stack.api('POST', '/api/projects', { user: client, body: minimalProject() });
    expect(created.status).toBe(201);
    const projectId = created.body.project.id as string;
    expect(
      (
        await stack.api('PATCH', `/api/projects/${projectId}`, {
          user: admin,
          body: { designer: { designer_id: designer.sub } },
        })
      ).status,
    ).toBe(200);
    await stack.settle();
    expect((await designers()).find((row) => row.email === email)?.active_projects).toBe(1);

    const asDesigner = () =>
      stack.api('PATCH', `/api/projects/${projectId}`, { user: designer, body: { status: 'in_progress' } });
    expect((await asDesigner()).status).toBe(200);
    expect((await stack.api('GET', `/api/projects/${projectId}`, { user: designer })).status).toBe(200);

    // Deactivated: the session ends (issue 34); signed in again, the API says no to the designer routes.
    const off = await stack.api('PATCH', `/api/designers/${encodeURIComponent(email)}`, {
      user: admin,
      body: { active: false },
    });
    expect(off).toMatchObject({
      status: 200,
      body: { designer: { email, active: false }, message: 'Designer deactivated successfully' },
    });
    await stack.settle();
    expect((await asDesigner()).body.error?.code).toBe('SESSION_REVOKED');
    designer = await signInAgain(email);
    expect((await asDesigner()).status).toBe(403);
    expect((await stack.api('GET', '/api/me', { user: designer })).body.roles).toEqual(['client']);
    expect(await stack.api('POST', '/api/designers/link', { user: designer })).toMatchObject({
      body: { allowed: false },
    });
    expect(await groupsOf(designer.sub)).toEqual(['client']);

    // Reactivated: allowed again.
    const on = await stack.api('PATCH', `/api/designers/${encodeURIComponent(email)}`, {
      user: admin,
      body: { active: true },
    });
    expect(on.body.message).toBe('Designer reactivated successfully');
    await stack.settle();
    expect((await asDesigner()).status).toBe(401);
    designer = await signInAgain(email);
    expect(
      (await stack.api('PATCH', `/api/projects/${projectId}`, { user: designer, body: { status: 'needs_revision' } }))
        .status,
    ).toBe(200);

    // Removed: the session ends again; signed in again, refused on every designer route.
    const removed = await stack.api('DELETE', `/api/designers/${encodeURIComponent(email)}`, { user: admin });
    expect(removed).toMatchObject({ status: 200, body: { email, message: 'Designer removed successfully' } });
    await stack.settle();
    expect((await asDesigner()).status).toBe(401);
    designer = await signInAgain(email);
    expect((await asDesigner()).status).toBe(403);
    expect(
      (
        await stack.api('PATCH', `/api/projects/${projectId}/tasks/anything`, {
          user: designer,
          body: { completed: true },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await stack.api('POST', `/api/projects/${projectId}/comments`, {
          user: designer,
          body: { content: 'Still here?' },
        })
      ).status,
    ).toBe(403);
    expect([403, 404]).toContain((await stack.api('GET', `/api/projects/${projectId}`, { user: designer })).status);
    expect((await designers()).some((row) => row.email === email)).toBe(false);
    expect(await groupsOf(designer.sub)).toEqual(['client']);
  });

  it('PATCH and DELETE of an unknown designer answer 404 and record nothing', async () => {
    const before = await stack.eventCount();
    const email = encodeURIComponent(uniqueEmail('ghost'));
    expect((await stack.api('PATCH', `/api/designers/${email}`, { user: admin, body: { active: false } })).status).toBe(
      404,
    );
    expect((await stack.api('DELETE', `/api/designers/${email}`, { user: admin })).status).toBe(404);
    expect((await stack.api('PATCH', `/api/designers/${email}`, { user: admin, body: { active: 'no' } })).status).toBe(
      400,
    );
    expect(await stack.eventCount()).toBe(before);
  });
});
