import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  SignUpCommand,
  UpdateUserAttributesCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';
import { readAll } from '../../functions/platform/event-store/event-log.js';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import {
  CLAIM_LEASE_SECONDS,
  IDEMPOTENCY_TTL_SECONDS,
  idempotency,
} from '../../functions/platform/event-store/idempotency.js';
import type { HttpEvent } from '../../functions/platform/http/middleware.js';

/**
 * Issue 18: nobody gets a right they were not given; nobody spends our money or reputation. Each
 * attack that worked before is tried against the embedded stack: it is refused, and the event store
 * holds exactly what it held before the attack (and no e-mail leaves).
 */
const PASSWORD = 'CorrectHorse#2026';

let stack: TestStack;
let admin: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  admin = await stack.admin();
}, 60_000);
afterAll(() => stack?.stop());

const cognito = () =>
  new CognitoIdentityProviderClient({
    endpoint: stack.local.cognito.endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

const claims = (user: TestUser) =>
  JSON.parse(Buffer.from(user.idToken.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

/** Every stored event, as `stream@version type`: what an attack must leave exactly as it was. */
async function history(): Promise<string[]> {
  await stack.settle();
  const events: string[] = [];
  for await (const commit of readAll(stack.local.runtime.store))
    for (const event of commit.events) events.push(`${event.streamId}@${event.version} ${event.type}`);
  return events.sort();
}

/** A client's project assigned by an admin to a (pre-authorised) designer e-mail: what the attacker is after. */
async function projectAssignedTo(email: string): Promise<string> {
  const client = await stack.signUpClient({ 'custom:company': 'Victim Holdings' });
  const created = await stack.api('POST', '/api/projects', {
    user: client,
    body: minimalProject({ title: `Secret plans for ${email}` }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.project.id as string;
  await stack.settle();
  const assigned = await stack.api('PATCH', `/api/projects/${id}`, {
    user: admin,
    body: { designer: { designer_email: email } },
  });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  await stack.settle();
  return id;
}

async function preAuthorise(email: string): Promise<void> {
  const added = await stack.api('POST', '/api/designers', { user: admin, body: { email } });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  await stack.settle();
}

/** What an attacker holding `user` tries against a project assigned to an address they do not own. */
async function tryTheProject(user: TestUser, projectId: string) {
  return {
    roles: (await stack.api('GET', '/api/me', { user })).body.roles,
    link: (await stack.api('POST', '/api/designers/link', { user })).body,
    listed: ((await stack.api('GET', '/api/projects', { user })).body.projects as { id: string }[]).some(
      (project) => project.id === projectId,
    ),
    read: (await stack.api('GET', `/api/projects/${projectId}`, { user })).status,
    activity: (await stack.api('GET', `/api/projects/${projectId}/activity`, { user })).status,
    status: (await stack.api('PATCH', `/api/projects/${projectId}`, { user, body: { status: 'in_progress' } })).status,
    comment: (
      await stack.api('POST', `/api/projects/${projectId}/comments`, {
        user,
        body: { content: 'I am the designer now' },
      })
    ).status,
    upload: (
      await stack.api('POST', `/api/projects/${projectId}/uploads`, {
        user,
        body: { file_name: 'x.pdf', content_type: 'application/pdf', file_size: 9, file_type: 'deliverable' },
      })
    ).status,
  };
}

const REFUSED = {
  roles: ['client'],
  link: { allowed: false },
  listed: false,
  read: expect.toSatisfy((s: number) => s === 403 || s === 404),
  activity: expect.toSatisfy((s: number) => s === 403 || s === 404),
  status: 403,
  comment: 403,
  upload: expect.toSatisfy((s: number) => s === 403 || s === 404),
};

async function signUpRaw(email: string, username = email): Promise<void> {
  await cognito().send(
    new SignUpCommand({
      ClientId: stack.local.cognito.clientId,
      Username: username,
      Password: PASSWORD,
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'name', Value: 'Mallory' },
      ],
    }),
  );
}

describe('Attack 1: a stranger becomes a designer', () => {
  it(
    'signing up first with a pre-authorised address grants neither the role nor its projects, and the e-mail is not ' +
      'marked verified',
    async () => {
      const victim = uniqueEmail('new.designer');
      await preAuthorise(victim);
      const projectId = await projectAssignedTo(victim);

      const stranger = await stack.signUpClient({ name: 'Mallory' }, victim);
      expect(claims(stranger).email_verified === true || claims(stranger).email_verified === 'true').toBe(false);
      const before = await history();
      expect(await tryTheProject(stranger, projectId)).toEqual(REFUSED);
      const again = await stack.signIn(victim, PASSWORD);
      expect(await tryTheProject(again, projectId)).toEqual(REFUSED);
      // Without the link (only the mailbox has it) there is nothing to accept.
      expect(
        (
          await stack.api('POST', '/api/designer-invites/not-the-token-not-the-token-not-the-token/accept', {
            user: stranger,
          })
        ).status,
      ).toBe(404);
      expect(await history()).toEqual(before);
    },
  );

  it('live updates about projects assigned to the address do not reach a stranger signed up with it', async () => {
    const victim = uniqueEmail('live.target');
    await preAuthorise(victim);
    const stranger = await stack.signUpClient({}, victim);
    const socket = new WebSocket(`${stack.url.replace('http', 'ws')}/realtime?token=${stranger.idToken}`);
    const topics: string[] = [];
    socket.on('message', (data) => topics.push(...(JSON.parse(data.toString()) as { topics: string[] }).topics));
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    try {
      const projectId = await projectAssignedTo(victim);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(topics.filter((topic) => topic.includes(projectId))).toEqual([]);
    } finally {
      socket.terminate();
    }
  });

  it("an upper-case or space-padded copy of an existing designer's e-mail cannot even sign up", async () => {
    const seeded = stack.local.seeded.designer.email;
    const before = await history();
    for (const variant of [seeded.toUpperCase(), ` ${seeded} `, `${seeded[0]!.toUpperCase()}${seeded.slice(1)}`]) {
      // A padded address is not an address at all (Cognito's e-mail format check); the others are taken.
      await expect(signUpRaw(variant), variant).rejects.toThrow(/already exists|Invalid email address format/);
    }
    // And of a pre-authorised address whose owner registered first.
    const owner = uniqueEmail('owner');
    await stack.signUpClient({}, owner);
    const afterOwner = await history();
    await expect(signUpRaw(owner.toUpperCase())).rejects.toThrow(/already exists/);
    expect(await history()).toEqual(afterOwner);
    expect(before.length).toBeLessThan(afterOwner.length);
  });

  it("changing one's e-mail attribute to a pre-authorised address grants nothing", async () => {
    const victim = uniqueEmail('preauth.target');
    await preAuthorise(victim);
    const projectId = await projectAssignedTo(victim);
    const mallory = uniqueEmail('mallory');
    await stack.signUpClient({}, mallory);

    const signIn = (username: string) =>
      cognito().send(
        new InitiateAuthCommand({
          AuthFlow: 'USER_PASSWORD_AUTH',
          ClientId: stack.local.cognito.clientId,
          AuthParameters: { USERNAME: username, PASSWORD },
        }),
      );
    const first = await signIn(mallory);
    await cognito().send(
      new UpdateUserAttributesCommand({
        AccessToken: first.AuthenticationResult!.AccessToken!,
        UserAttributes: [{ Name: 'email', Value: victim }],
      }),
    );
    // The change waits for the code mailed to the victim's address (AttributesRequireVerificationBeforeUpdate):
    // the victim's address does not sign in, and Mallory's token keeps her own.
    await expect(signIn(victim)).rejects.toMatchObject({ name: 'NotAuthorizedException' });
    const second = await signIn(mallory);
    const idToken = second.AuthenticationResult!.IdToken!;
    const changed: TestUser = {
      email: mallory,
      idToken,
      sub: JSON.parse(Buffer.from(idToken.split('.')[1]!, 'base64url').toString()).sub,
    };
    expect(claims(changed).email).toBe(mallory);

    const before = await history();
    expect(await tryTheProject(changed, projectId)).toEqual(REFUSED);
    expect(await history()).toEqual(before);
  });

  it('a team invitation cannot be accepted by anyone but its address, even with the link', async () => {
    const owner = await stack.provenClient();
    expect((await stack.api('POST', '/api/team', { user: owner, body: { name: 'Trust Studio' } })).status).toBeLessThan(
      300,
    );
    await stack.settle();
    const invited = uniqueEmail('invited');
    expect(
      (await stack.api('POST', '/api/team/invites', { user: owner, body: { email: invited, role: 'designer' } }))
        .status,
    ).toBe(201);
    await stack.settle();
    const token = /token=([A-Za-z0-9_-]+)/.exec((await stack.local.outbox.list(invited))[0]!.text)![1]!;
    const stranger = await stack.signUpClient();
    const before = await history();
    expect((await stack.api('POST', `/api/invites/${token}/accept`, { user: stranger })).status).toBe(403);
    expect(await history()).toEqual(before);
  });
});

describe('the real designer follows the link', () => {
  it('signs up with the invited address, accepts, and sees the projects assigned to that address', async () => {
    const email = uniqueEmail('real.designer');
    await preAuthorise(email);
    const projectId = await projectAssignedTo(email);
    // The invitation (the assignment's notification goes to the same address).
    const mail = (await stack.local.outbox.list(email)).find((message) => message.tag === 'designer-invite');
    expect(mail!.subject).toMatch(/added as a designer/);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    expect(await stack.api('GET', `/api/designer-invites/${token}`)).toMatchObject({ status: 200, body: { email } });

    const designer = await stack.provenClient({ name: 'Real Designer' }, email);
    expect((await stack.api('GET', '/api/me', { user: designer })).body.roles).toEqual(['client']);
    const accepted = await stack.api('POST', `/api/designer-invites/${token}/accept`, { user: designer });
    expect(accepted).toMatchObject({ status: 200, body: { email } });
    expect((await stack.api('GET', '/api/me', { user: designer })).body.roles).toEqual(['designer']);
    expect(await stack.api('POST', '/api/designers/link', { user: designer })).toMatchObject({
      body: { allowed: true },
    });
    const listed = (await stack.api('GET', '/api/projects', { user: designer })).body.projects as { id: string }[];
    expect(listed.map((project) => project.id)).toContain(projectId);
    expect((await stack.api('GET', `/api/projects/${projectId}`, { user: designer })).status).toBe(200);
    expect(
      (await stack.api('PATCH', `/api/projects/${projectId}`, { user: designer, body: { status: 'in_progress' } }))
        .status,
    ).toBe(200);
    // Single use.
    expect(
      (await stack.api('POST', `/api/designer-invites/${token}/accept`, { user: designer })).status,
    ).toBeGreaterThanOrEqual(404);
  });
});

describe('Attack 4: spending our budget and reputation', () => {
  it(
    'test e-mails go only to the caller (or an admin), ' + 'a few an hour: 429 with Retry-After, nothing sent',
    async () => {
      const client = await stack.provenClient();
      const stranger = uniqueEmail('stranger');
      const refused = await stack.api('POST', '/api/mail/test', { user: client, body: { toEmail: stranger } });
      expect(refused).toMatchObject({ status: 403, body: { error: { code: 'RECIPIENT_NOT_ALLOWED' } } });
      expect(await stack.local.outbox.list(stranger)).toEqual([]);

      const statuses: number[] = [];
      let limited: Response | undefined;
      for (let i = 0; i < 40; i += 1) {
        const response = await fetch(`${stack.url}/api/mail/test`, {
          method: 'POST',
          headers: { authorization: `Bearer ${client.idToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ toEmail: client.email }),
        });
        statuses.push(response.status);
        if (response.status === 429) limited ??= response;
        else await response.text();
      }
      expect(statuses.filter((status) => status === 200)).toHaveLength(5);
      expect(statuses.slice(5).every((status) => status === 429)).toBe(true);
      expect(Number(limited!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await limited!.json()).error.message).toMatch(/Too many test e-mails.*try again in/);
      expect((await stack.local.outbox.list(client.email)).filter((mail) => mail.tag === 'test')).toHaveLength(5);
    },
  );

  it('a self-made team cannot send unlimited invitations nor resend one without end', async () => {
    const owner = await stack.provenClient();
    expect((await stack.api('POST', '/api/team', { user: owner, body: { name: 'Spam Studio' } })).status).toBeLessThan(
      300,
    );
    await stack.settle();
    const statuses: number[] = [];
    let full: string[] = [];
    for (let i = 0; i < 120; i += 1) {
      const response = await stack.api('POST', '/api/team/invites', {
        user: owner,
        body: { email: uniqueEmail(`spam${i}`), role: 'designer' },
      });
      statuses.push(response.status);
      if (response.status === 429 && full.length === 0) {
        expect(response.body.error?.message).toMatch(/Too many team invitation e-mails/);
        full = await history();
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(20);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expect(await history()).toEqual(full);
    const invitationMails = (await stack.local.outbox.list()).filter(
      (mail) => mail.tag === 'team-invite' && mail.to.startsWith('spam'),
    );
    expect(invitationMails).toHaveLength(20);

    // Another team's quota is its own; resends of one invitation are limited on their own too.
    const other = await stack.provenClient();
    expect(
      (await stack.api('POST', '/api/team', { user: other, body: { name: 'Resend Studio' } })).status,
    ).toBeLessThan(300);
    await stack.settle();
    const target = uniqueEmail('resend.target');
    const invite = await stack.api('POST', '/api/team/invites', {
      user: other,
      body: { email: target, role: 'designer' },
    });
    expect(invite.status).toBe(201);
    const resends: number[] = [];
    for (let i = 0; i < 15; i += 1)
      resends.push(
        (await stack.api('POST', `/api/team/invites/${invite.body.invite.id}/resend`, { user: other })).status,
      );
    expect(resends.filter((status) => status === 200)).toHaveLength(3);
    expect(resends.slice(3).every((status) => status === 429)).toBe(true);
    expect(await stack.local.outbox.list(target)).toHaveLength(4);
  });

  it('checklist generations are limited per account (60 × 20,000 characters: 20 answered)', async () => {
    const client = await stack.signUpClient();
    const body = {
      title: 'Loft',
      project_category: 'Design',
      project_type: 'Concept Design',
      property_type: 'condo',
      deliverables: ['Layout Plan'],
      description: 'x'.repeat(20_000),
    };
    const before = await history();
    const statuses: number[] = [];
    for (let i = 0; i < 60; i += 1)
      statuses.push((await stack.api('POST', '/api/checklists', { user: client, body })).status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(20);
    expect(statuses.slice(20).every((status) => status === 429)).toBe(true);
    expect(await history()).toEqual(before);
  });

  it('designer invitation resends and uploads are limited; the limits are configuration', async () => {
    const email = uniqueEmail('designer.resend');
    await preAuthorise(email);
    const resends: number[] = [];
    for (let i = 0; i < 6; i += 1)
      resends.push(
        (await stack.api('POST', `/api/designers/${encodeURIComponent(email)}/invite`, { user: admin })).status,
      );
    expect(resends).toEqual([200, 200, 200, 429, 429, 429]);
    expect(await stack.local.outbox.list(email)).toHaveLength(4);

    const client = await stack.signUpClient();
    const project = await stack.api('POST', '/api/projects', { user: client, body: minimalProject() });
    await stack.settle();
    process.env.QUOTA_UPLOADS_PER_HOUR = '3';
    try {
      const uploads: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        uploads.push(
          (
            await stack.api('POST', `/api/projects/${project.body.project.id}/uploads`, {
              user: client,
              body: {
                file_name: 'plan.pdf',
                content_type: 'application/pdf',
                file_size: 9,
                file_type: 'client_upload',
              },
            })
          ).status,
        );
      }
      expect(uploads).toEqual([201, 201, 201, 429, 429]);
    } finally {
      delete process.env.QUOTA_UPLOADS_PER_HOUR;
    }
  });
});

describe('retried creates do not duplicate (Idempotency-Key)', () => {
  const post = async (user: TestUser, path: string, body: unknown, key: string) => {
    const response = await fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const newKey = () =>
    `01J${Math.random().toString(36).slice(2).padEnd(12, '0').toUpperCase()}${Date.now().toString(36)}`;

  it(
    'a retried project submission returns the first ' + 'result with the same status, and appends nothing more',
    async () => {
      const client = await stack.signUpClient();
      const key = newKey();
      const body = minimalProject({ title: 'Retried submission' });
      const first = await post(client, '/api/projects', body, key);
      expect(first.status).toBe(201);
      const before = await history();
      const retry = await post(client, '/api/projects', body, key);
      expect(retry).toEqual(first);
      expect(await history()).toEqual(before);
      const mine = (await stack.api('GET', '/api/projects', { user: client })).body.projects as { title: string }[];
      expect(mine.filter((project) => project.title === 'Retried submission')).toHaveLength(1);

      // The same key for another request is refused (422); another caller's same key is their own.
      const reused = await post(client, '/api/projects', minimalProject({ title: 'Something else' }), key);
      expect(reused).toMatchObject({ status: 422, body: { error: { code: 'IDEMPOTENCY_KEY_REUSED' } } });
      expect(await history()).toEqual(before);
      const other = await stack.signUpClient();
      expect((await post(other, '/api/projects', body, key)).status).toBe(201);
    },
  );

  it('retried comments, team invitations and designer invitations are recorded (and mailed) once', async () => {
    const designerEmail = uniqueEmail('idem.designer');
    const key = newKey();
    const first = await post(admin, '/api/designers', { email: designerEmail }, key);
    expect(first.status).toBe(201);
    expect(await post(admin, '/api/designers', { email: designerEmail }, key)).toEqual(first);
    await stack.settle();
    expect(
      (await stack.local.outbox.list(designerEmail)).filter((mail) => mail.tag === 'designer-invite'),
    ).toHaveLength(1);

    const owner = await stack.provenClient();
    expect((await stack.api('POST', '/api/team', { user: owner, body: { name: 'Idem Studio' } })).status).toBeLessThan(
      300,
    );
    await stack.settle();
    const invitee = uniqueEmail('idem.invitee');
    const inviteKey = newKey();
    const invited = await post(owner, '/api/team/invites', { email: invitee, role: 'designer' }, inviteKey);
    expect(invited.status).toBe(201);
    expect(await post(owner, '/api/team/invites', { email: invitee, role: 'designer' }, inviteKey)).toEqual(invited);
    expect(await stack.local.outbox.list(invitee)).toHaveLength(1);

    const projectId = await projectAssignedTo(stack.local.seeded.designer.email);
    const designer = await stack.designer();
    const commentKey = newKey();
    const comment = await post(designer, `/api/projects/${projectId}/comments`, { content: 'Posted once' }, commentKey);
    expect(comment.status).toBe(201);
    const before = await history();
    expect(await post(designer, `/api/projects/${projectId}/comments`, { content: 'Posted once' }, commentKey)).toEqual(
      comment,
    );
    expect(await history()).toEqual(before);
  });

  it('a refused first attempt releases its key: the retry runs for real', async () => {
    const client = await stack.signUpClient();
    const key = newKey();
    const bad = await post(client, '/api/projects', minimalProject({ title: '' }), key);
    expect(bad.status).toBe(400);
    expect((await post(client, '/api/projects', minimalProject({ title: '' }), key)).status).toBe(400);
    expect((await post(client, '/api/projects', minimalProject({ title: 'Fixed' }), key)).status).toBe(201);
    expect((await post(client, '/api/projects', minimalProject(), 'bad key!')).status).toBe(400);
  });

  it(
    'a first attempt stopped before it could answer (time out, crash) holds its key for the lease only, not 24 ' +
      'hours',
    async () => {
      const client = await stack.signUpClient();
      const key = newKey();
      const body = minimalProject({ title: 'After a crash' });
      const first = await post(client, '/api/projects', body, key);
      expect(first.status).toBe(201);
      // Leave the claim as a function stopped mid-request leaves it: running, its lease just taken.
      const views = stack.local.runtime.views;
      const claimKey = { pk: `$idem#${client.sub}`, sk: key };
      const now = Math.floor(Date.now() / 1000);
      // Taken `age` seconds ago. No attempt id: claims written before the lease existed lapse too.
      const setClaim = (age: number) =>
        views.client.send(
          new UpdateCommand({
            TableName: views.tableName,
            Key: claimKey,
            UpdateExpression: 'SET #s = :running, expiresAt = :expires REMOVE #r, attempt',
            ExpressionAttributeNames: { '#s': 'state', '#r': 'response' },
            ExpressionAttributeValues: { ':running': 'running', ':expires': now - age + IDEMPOTENCY_TTL_SECONDS },
          }),
        );
      await setClaim(CLAIM_LEASE_SECONDS - 5);
      expect(await post(client, '/api/projects', body, key)).toMatchObject({
        status: 409,
        body: { error: { code: 'IDEMPOTENCY_IN_PROGRESS' } },
      });
      // Once the lease has lapsed the retry runs for real, and its answer is remembered.
      await setClaim(CLAIM_LEASE_SECONDS + 1);
      const retry = await post(client, '/api/projects', body, key);
      expect(retry.status).toBe(201);
      expect(await post(client, '/api/projects', body, key)).toEqual(retry);
    },
  );

  it('a request whose lease lapsed cannot store its answer over the retry’s, nor free the retry’s key', async () => {
    const views = stack.local.runtime.views;
    const middleware = idempotency({ runtime: () => stack.local.runtime, caller: () => 'u-lapsed' });
    const key = newKey();
    const event = () =>
      ({
        routeKey: 'POST /api/projects',
        rawPath: '/api/projects',
        body: '{"title":"x"}',
        isBase64Encoded: false,
        headers: { 'idempotency-key': key },
        requestContext: { requestId: 'r', http: { method: 'POST' } },
      }) as unknown as HttpEvent;
    const request = (e: HttpEvent, response?: { statusCode: number; body: string }) =>
      ({ event: e, context: {}, response, error: undefined, internal: {} }) as never;
    const slow = event();
    expect(await middleware.before!(request(slow))).toBeUndefined();
    const claimKey = { pk: '$idem#u-lapsed', sk: key };
    await views.client.send(
      new UpdateCommand({
        TableName: views.tableName,
        Key: claimKey,
        UpdateExpression: 'SET expiresAt = expiresAt - :lease',
        ExpressionAttributeValues: { ':lease': CLAIM_LEASE_SECONDS + 1 },
      }),
    );
    const retry = event();
    expect(await middleware.before!(request(retry))).toBeUndefined();
    // The slow first request ends after all: an error, then (say) a late answer. Neither touches the retry's claim.
    await middleware.onError!(request(slow));
    await middleware.after!(request(slow, { statusCode: 201, body: '"late"' }));
    expect(
      (await views.client.send(new GetCommand({ TableName: views.tableName, Key: claimKey, ConsistentRead: true })))
        .Item,
    ).toMatchObject({ state: 'running' });
    await middleware.after!(request(retry, { statusCode: 201, body: '"retry"' }));
    expect(await middleware.before!(request(event()))).toMatchObject({
      statusCode: 201,
      body: '"retry"',
      headers: { 'idempotent-replayed': 'true' },
    });
  });
});
