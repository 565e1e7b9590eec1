import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { readAll } from '../../functions/platform/event-store/event-log.js';
import { CLIENT_PASSWORD, TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Issue 34, attacks 1–4 and 7 (product half), tried against the embedded stack as an attacker would:
 * a session must end when its owner (or an admin) says so, and an address nobody has proven builds
 * nothing others keep. Each refused attempt appends nothing.
 */
let stack: TestStack;
let admin: TestUser;
const sockets: WebSocket[] = [];
const NEW_PASSWORD = 'BatteryStaple#2027';

beforeAll(async () => {
  stack = await TestStack.start();
  admin = await stack.admin();
});
afterAll(async () => {
  for (const socket of sockets) socket.terminate();
  await stack?.stop();
});

const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack.local.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

/** Signs in and keeps the refresh token too, as a browser would. */
async function session(email: string, password: string) {
  const client = cognito();
  const { AuthenticationResult } = await client.send(
    new InitiateAuthCommand({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.local.cognito.clientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    }),
  );
  const refresh = () =>
    client.send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: stack.local.cognito.clientId,
        AuthParameters: { REFRESH_TOKEN: AuthenticationResult!.RefreshToken! },
      }),
    );
  return { refresh };
}

/** Opens /realtime with the user's ID token: the socket once open, or the status of the refused upgrade. */
function connect(user: TestUser): Promise<{ socket: WebSocket } | { refused: number }> {
  const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=${user.idToken}`);
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => resolve({ refused: response.statusCode ?? 0 }));
    socket.once('error', () => resolve({ refused: 0 }));
  });
}

/** The close code the server ends the socket with, or 'still open' if it keeps it open for 10 s. */
const closeOf = (socket: WebSocket) =>
  Promise.race([
    new Promise<number>((resolve) => socket.once('close', (code) => resolve(code))),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 10_000)),
  ]);

async function resetPassword(email: string, password = NEW_PASSWORD): Promise<void> {
  expect((await stack.api('POST', '/api/password-resets', { body: { email } })).status).toBe(202);
  const mail = (await stack.local.outbox.list(email))
    .filter((message) => message.tag === 'password-reset')
    .sort((a, b) => (a.sentAt < b.sentAt ? 1 : -1))[0]!;
  const token = decodeURIComponent(/token=([^\s&"]+)/.exec(mail.text)![1]!);
  expect((await stack.api('POST', '/api/password-resets', { body: { token, password } })).status).toBe(200);
  await stack.settle();
}

const designerInvitationToken = async (email: string) => {
  const mail = (await stack.local.outbox.list(email))
    .filter((message) => message.tag === 'designer-invite')
    .sort((a, b) => (a.sentAt < b.sentAt ? 1 : -1))[0]!;
  return /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
};
const teamInvitationToken = async (email: string) => {
  const mail = (await stack.local.outbox.list(email))
    .filter((message) => message.tag === 'team-invite')
    .sort((a, b) => (a.sentAt < b.sentAt ? 1 : -1))[0]!;
  return /accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
};

/** Runs `attempt` and checks the event store is unchanged by it. */
async function appendsNothing<T>(attempt: () => Promise<T>): Promise<T> {
  const before = await stack.eventCount();
  const result = await attempt();
  await stack.settle();
  expect(await stack.eventCount()).toBe(before);
  return result;
}

const revoked = {
  status: 401,
  body: { error: { code: 'SESSION_REVOKED', message: 'Session revoked. Please sign in again.' } },
};
const unproven = { status: 403, body: { error: { code: 'EMAIL_NOT_VERIFIED' } } };

describe('attack 1: a password reset ends every session, for every role', () => {
  it(
    'refuses the old ID token at the API and at /realtime, ' + 'closes its socket and kills its refresh token',
    async () => {
      const user = await stack.signUpClient();
      const old = await session(user.email, CLIENT_PASSWORD);
      const open = await connect(user);
      expect(open).toHaveProperty('socket');
      const closed = closeOf((open as { socket: WebSocket }).socket);

      await resetPassword(user.email);
      expect(await closed).toBe(4401);
      await appendsNothing(async () => {
        expect(await stack.api('GET', '/api/me', { user })).toMatchObject(revoked);
        expect(await stack.api('POST', '/api/projects', { user, body: minimalProject() })).toMatchObject(revoked);
        expect(await connect(user)).toEqual({ refused: 401 });
      });
      await expect(old.refresh()).rejects.toThrow();
      // The new password's session works at once.
      const fresh = await stack.signIn(user.email, NEW_PASSWORD);
      expect((await stack.api('GET', '/api/me', { user: fresh })).status).toBe(200);
    },
  );

  it("ends the caller's sessions on 'sign out everywhere' (POST /api/sessions/revoke)", async () => {
    const user = await stack.signUpClient();
    const other = await stack.signIn(user.email, CLIENT_PASSWORD);
    const answer = await stack.api('POST', '/api/sessions/revoke', { user });
    expect(answer).toMatchObject({ status: 200, body: { message: 'You have been signed out on every device.' } });
    for (const token of [user, other])
      expect(await stack.api('GET', '/api/me', { user: token })).toMatchObject(revoked);
    const again = await stack.signIn(user.email, CLIENT_PASSWORD);
    expect((await stack.api('GET', '/api/me', { user: again })).status).toBe(200);
  });
});

describe('attack 2: a stranger who signed up with a designer address keeps nothing once its owner recovers it', () => {
  it("refuses the stranger's old token after the owner's reset, while the owner becomes the designer", async () => {
    const address = uniqueEmail('designer');
    expect((await stack.api('POST', '/api/designers', { user: admin, body: { email: address } })).status).toBe(201);
    const project = await stack.api('POST', '/api/projects', {
      user: await stack.signUpClient(),
      body: minimalProject({ title: 'Assigned by address' }),
    });
    await stack.settle();
    expect(
      (
        await stack.api('PATCH', `/api/projects/${project.body.project.id}`, {
          user: admin,
          body: { designer: { designer_email: address } },
        })
      ).status,
    ).toBe(200);
    const stranger = await stack.signUpClient({}, address);
    // The stranger cannot take the invitation: the address is not theirs to prove.
    const token = await designerInvitationToken(address);
    await appendsNothing(async () =>
      expect(await stack.api('POST', `/api/designer-invites/${token}/accept`, { user: stranger })).toMatchObject(
        unproven,
      ),
    );

    // The owner recovers the account by the reset link (which proves the address) and accepts.
    await resetPassword(address);
    const owner = await stack.signIn(address, NEW_PASSWORD);
    expect((await stack.api('POST', `/api/designer-invites/${token}/accept`, { user: owner })).status).toBe(200);
    await stack.settle();
    expect((await stack.api('GET', '/api/me', { user: owner })).body.roles).toEqual(['designer']);

    await appendsNothing(async () => {
      expect(await stack.api('GET', '/api/me', { user: stranger })).toMatchObject(revoked);
      expect(await stack.api('GET', '/api/projects', { user: stranger })).toMatchObject(revoked);
      expect(await stack.api('GET', `/api/projects/${project.body.project.id}`, { user: stranger })).toMatchObject(
        revoked,
      );
      expect(await connect(stranger)).toEqual({ refused: 401 });
    });
  });
});

describe("attack 3: 'Sign Out All Designers' ends the designers' live updates too", () => {
  it('refuses the old designer token at /realtime and closes the socket it had open', async () => {
    const designer = await stack.designer();
    const open = await connect(designer);
    expect(open).toHaveProperty('socket');
    const socket = (open as { socket: WebSocket }).socket;
    const heard: string[] = [];
    socket.on('message', (data) => heard.push(String(data)));
    const closed = closeOf(socket);

    expect((await stack.api('POST', '/api/sessions/revoke-designers', { user: admin })).status).toBe(200);
    expect(await closed).toBe(4401);
    await stack.settle();
    await appendsNothing(async () => {
      expect(await stack.api('GET', '/api/me', { user: designer })).toMatchObject(revoked);
      expect(await connect(designer)).toEqual({ refused: 401 });
    });

    // A project assigned to the designer changes: nothing reaches the old session.
    const client = await stack.signUpClient();
    const created = await stack.api('POST', '/api/projects', { user: client, body: minimalProject() });
    await stack.settle();
    const me = (await stack.api('GET', '/api/designers', { user: admin })).body.designers.find(
      (row) => row.email === stack.local.seeded.designer.email,
    )!;
    expect(
      (
        await stack.api('PATCH', `/api/projects/${created.body.project.id}`, {
          user: admin,
          body: { designer: { designer_id: me.user_id } },
        })
      ).status,
    ).toBe(200);
    await stack.settle();
    expect(heard.filter((message) => message.includes(created.body.project.id))).toEqual([]);
  });
});

describe("attack 4: a squatter builds no team on an unproven address, and the owner's reset ends its sessions", () => {
  it('refuses the team, then the reset refuses every squatter token', async () => {
    const address = uniqueEmail('victim');
    const squatter = await stack.signUpClient({}, address);
    await appendsNothing(async () => {
      expect(await stack.api('POST', '/api/team', { user: squatter, body: { name: 'Squatters' } })).toMatchObject(
        unproven,
      );
      expect(
        await stack.api('POST', '/api/team/invites', { user: squatter, body: { email: uniqueEmail('accomplice') } }),
      ).toMatchObject({ status: 403 });
      expect(await stack.api('POST', '/api/mail/test', { user: squatter, body: { toEmail: address } })).toMatchObject(
        unproven,
      );
    });

    await resetPassword(address);
    await appendsNothing(async () =>
      expect(await stack.api('GET', '/api/me', { user: squatter })).toMatchObject(revoked),
    );
    const owner = await stack.signIn(address, NEW_PASSWORD);
    expect((await stack.api('GET', '/api/me', { user: owner })).body.team).toBeNull();
    // Proven now (the reset link): the owner's own team is allowed.
    expect((await stack.api('POST', '/api/team', { user: owner, body: { name: 'Owner studio' } })).status).toBe(201);
  });
});

describe('attack 7 (product half): a leaked invitation for an address its account has not proven is refused', () => {
  it('refuses a leaked designer invitation, and a leaked team invitation', async () => {
    const designerAddress = uniqueEmail('designer');
    expect((await stack.api('POST', '/api/designers', { user: admin, body: { email: designerAddress } })).status).toBe(
      201,
    );
    const designerHolder = await stack.signUpClient({}, designerAddress);
    const designerToken = await designerInvitationToken(designerAddress);
    await appendsNothing(async () =>
      expect(
        await stack.api('POST', `/api/designer-invites/${designerToken}/accept`, { user: designerHolder }),
      ).toMatchObject(unproven),
    );

    const teamAdmin = await stack.provenClient();
    expect((await stack.api('POST', '/api/team', { user: teamAdmin, body: { name: 'Leaky team' } })).status).toBe(201);
    const invited = uniqueEmail('invited');
    expect((await stack.api('POST', '/api/team/invites', { user: teamAdmin, body: { email: invited } })).status).toBe(
      201,
    );
    const holder = await stack.signUpClient({}, invited);
    const teamToken = await teamInvitationToken(invited);
    await appendsNothing(async () =>
      expect(await stack.api('POST', `/api/invites/${teamToken}/accept`, { user: holder })).toMatchObject(unproven),
    );

    // Once the holder proves the address (Cognito's code), the invitation is accepted.
    const proven = await stack.proveEmail(holder);
    expect((await stack.api('POST', `/api/invites/${teamToken}/accept`, { user: proven })).status).toBe(200);
    // The proof ended the session that asked for it: its token is refused from then on.
    expect(await stack.api('GET', '/api/me', { user: holder })).toMatchObject(revoked);
  });

  it(
    'lets an invitation followed to sign up prove its address in one step, and refuses a sign-up claiming a ' +
      'verified address',
    async () => {
      const teamAdmin = await stack.provenClient();
      expect((await stack.api('POST', '/api/team', { user: teamAdmin, body: { name: 'One step' } })).status).toBe(201);
      const invited = uniqueEmail('newcomer');
      expect((await stack.api('POST', '/api/team/invites', { user: teamAdmin, body: { email: invited } })).status).toBe(
        201,
      );
      const token = await teamInvitationToken(invited);
      const signUp = (email: string, attributes: Record<string, string>, metadata?: Record<string, string>) =>
        cognito().send(
          new SignUpCommand({
            ClientId: stack.local.cognito.clientId,
            Username: email,
            Password: CLIENT_PASSWORD,
            UserAttributes: Object.entries({ email, name: 'New Comer', ...attributes }).map(([Name, Value]) => ({
              Name,
              Value,
            })),
            ClientMetadata: metadata,
          }),
        );
      // Someone else's token proves nothing about this address.
      const other = uniqueEmail('other');
      await signUp(other, {}, { invite_token: token });
      await stack.settle();
      const otherUser = await stack.signIn(other, CLIENT_PASSWORD);
      expect(await stack.api('POST', '/api/team', { user: otherUser, body: { name: 'Nope' } })).toMatchObject(unproven);
      await expect(signUp(uniqueEmail('claims'), { email_verified: 'true' })).rejects.toThrow();

      await signUp(invited, {}, { invite_token: token });
      await stack.settle();
      const member = await stack.signIn(invited, CLIENT_PASSWORD);
      expect((await stack.api('POST', `/api/invites/${token}/accept`, { user: member })).status).toBe(200);
      const types: string[] = [];
      for await (const commit of readAll(stack.local.runtime.store))
        if (commit.streamId === `user-${member.sub}`) types.push(...commit.events.map((event) => event.type));
      expect(types).toEqual(['UserRegistered', 'EmailProven']);
    },
  );
});
