import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeKey, routes } from '../../infra/routes.js';
import { TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Every route × every kind of caller → allowed or denied, as DESIGN.md §7 specifies. A denied
 * call is 401 (signed out) or 403/404 with a message, and appends nothing. An allowed call gets
 * past authorization: any answer but 401/403/404 (a 400 or 409 for the state of things is fine).
 * A route without a row here fails the suite: new routes cannot skip the matrix.
 */
type Caller = 'anonymous' | 'owner' | 'otherClient' | 'teamMember' | 'assignedDesigner' | 'otherDesigner' | 'admin';
const CALLERS: Caller[] = [
  'anonymous',
  'owner',
  'otherClient',
  'teamMember',
  'assignedDesigner',
  'otherDesigner',
  'admin',
];
const SIGNED_IN = CALLERS.filter((c) => c !== 'anonymous');
const CLIENTS: Caller[] = ['owner', 'otherClient', 'teamMember'];
const READERS: Caller[] = ['owner', 'teamMember', 'assignedDesigner', 'admin'];
const WORKERS: Caller[] = ['assignedDesigner', 'admin'];
const ADMIN: Caller[] = ['admin'];
const TEAM_ADMIN: Caller[] = ['owner'];

interface World {
  users: Record<Exclude<Caller, 'anonymous'>, TestUser>;
  projectId: string;
  taskId: string;
  teamId: string;
  inviteId: string;
  /** A pending invitation addressed to `otherClient`: only they may accept it. */
  inviteToken: string;
  /** A pending designer invitation link to an address nobody in the world holds: nobody here may accept it. */
  designerInviteToken: string;
  /** A working password-reset link of an account kept for it (the link is public: its token is the proof). */
  resetToken: string;
  comments: string[];
  fileId: string;
  /** A deliverable (v1) the assigned designer uploaded: what the client's review pins notes on. */
  deliverableId: string;
}

interface Row {
  /** Who gets past authorization. 'public': everybody, signed in or not. */
  allowed: Caller[] | 'public';
  /** The request a caller makes (fresh values per call where the call changes things). */
  request?: (
    world: World,
    caller: Caller,
  ) => { path?: string; body?: unknown } | Promise<{ path?: string; body?: unknown }>;
  /** Runs last: its allowed calls would disturb the world for the other rows. */
  disruptive?: boolean;
  /** An answer that still means "allowed" although its status is 404 (e.g. no billing account yet). */
  allowedAnswer?: (response: { status: number; body: any }) => boolean;
}

let stack: TestStack;
let world: World;
/**
 * A real object in storage: uploaded by the caller when they may, else by the owner (for callers who must be refused).
 */
const uploadFor = async (caller: Caller) => {
  const uploader = caller === 'assignedDesigner' || caller === 'admin' ? caller : 'owner';
  const fileType = uploader === 'owner' ? 'client_upload' : 'deliverable';
  const presigned = await stack.api('POST', `/api/projects/${world.projectId}/uploads`, {
    user: world.users[uploader],
    body: { file_name: 'plan.pdf', content_type: 'application/pdf', file_size: 9, file_type: fileType },
  });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
  const form = new FormData();
  for (const [name, value] of Object.entries(presigned.body.upload.fields as Record<string, string>))
    form.append(name, value);
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n')], { type: 'application/pdf' }), 'plan.pdf');
  await fetch(presigned.body.upload.url, { method: 'POST', body: form });
  return { key: presigned.body.key as string };
};

/** A reader past authorization, on a design project: it has no city review (issue 46). */
const NO_CITY_REVIEW = (response: { status: number; body: any }) =>
  response.status === 404 && response.body?.error?.message === 'City review is for permit projects';

const MATRIX: Record<string, Row> = {
  'GET /api/health': { allowed: 'public' },
  'GET /api/me': { allowed: SIGNED_IN },
  'PATCH /api/me/profile': { allowed: SIGNED_IN, request: () => ({ body: { company: 'Matrix & Co' } }) },
  // The first dashboard visit, recorded once on the account: anyone signed in, for themselves.
  'POST /api/me/welcome': { allowed: SIGNED_IN },
  // 'Download My Data': each person's own exports only; another's export id is simply not theirs (404).
  'GET /api/me/data-export': { allowed: SIGNED_IN },
  'POST /api/me/data-export': { allowed: SIGNED_IN },
  'GET /api/me/data-export/{id}/download': {
    allowed: SIGNED_IN,
    request: () => ({ path: '/api/me/data-export/01JDXTAEXPRT00000000000001/download' }),
    allowedAnswer: (r) => r.status === 404 && r.body?.error?.message === 'Export not found',
  },
  // 'Delete My Account': each person their own, with their password (a wrong one here: nothing is erased).
  'POST /api/me/erasure': {
    allowed: SIGNED_IN,
    request: (w, caller) => ({
      body: {
        email: caller === 'anonymous' ? 'nobody@example.test' : w.users[caller].email,
        password: 'Not-the-password-1!',
      },
    }),
    allowedAnswer: (r) => r.status === 403 && r.body?.error?.message === 'That password is not right.',
  },
  'GET /api/team': { allowed: SIGNED_IN },
  'POST /api/team': { allowed: CLIENTS, request: () => ({ body: { name: 'Another team' } }), disruptive: true },
  'PATCH /api/team/members/{userId}': {
    allowed: TEAM_ADMIN,
    request: (w) => ({ path: `/api/team/members/${w.users.teamMember.sub}`, body: { role: 'designer' } }),
  },
  'DELETE /api/team/members/{userId}': {
    allowed: TEAM_ADMIN,
    request: (w) => ({ path: `/api/team/members/${w.users.teamMember.sub}` }),
    disruptive: true,
  },
  'POST /api/team/invites': {
    allowed: TEAM_ADMIN,
    request: () => ({ body: { email: uniqueEmail('invitee'), role: 'designer' } }),
  },
  'POST /api/team/invites/{id}/resend': {
    allowed: TEAM_ADMIN,
    request: (w) => ({ path: `/api/team/invites/${w.inviteId}/resend` }),
  },
  'POST /api/team/invites/{id}/revoke': {
    allowed: TEAM_ADMIN,
    request: (w) => ({ path: `/api/team/invites/${w.inviteId}/revoke` }),
    disruptive: true,
  },
  'GET /api/invites/{token}': { allowed: 'public', request: (w) => ({ path: `/api/invites/${w.inviteToken}` }) },
  'POST /api/invites/{token}/accept': {
    allowed: ['otherClient'],
    request: (w) => ({ path: `/api/invites/${w.inviteToken}/accept` }),
    disruptive: true,
  },
  'GET /api/projects': { allowed: SIGNED_IN },
  // Admins submit on a client's behalf (issue 20); designers are refused.
  'POST /api/projects': {
    allowed: [...CLIENTS, 'admin'],
    request: (w, c) => ({ body: minimalProject(c === 'admin' ? { client_id: w.users.owner.sub } : {}) }),
  },
  'GET /api/projects/{id}': { allowed: READERS, request: (w) => ({ path: `/api/projects/${w.projectId}` }) },
  'PATCH /api/projects/{id}': {
    allowed: WORKERS,
    request: (w, c) => ({
      path: `/api/projects/${w.projectId}`,
      body: c === 'admin' ? { priority: 'Urgent' } : { status: 'in_progress' },
    }),
  },
  'PATCH /api/projects/{id}/tasks/{taskId}': {
    allowed: WORKERS,
    request: (w) => ({ path: `/api/projects/${w.projectId}/tasks/${w.taskId}`, body: { completed: true } }),
  },
  'GET /api/projects/{id}/activity': {
    allowed: READERS,
    request: (w) => ({ path: `/api/projects/${w.projectId}/activity` }),
  },
  'POST /api/projects/{id}/comments': {
    allowed: WORKERS,
    request: (w) => ({ path: `/api/projects/${w.projectId}/comments`, body: { content: 'Matrix comment' } }),
  },
  'GET /api/moderation': { allowed: ADMIN },
  'POST /api/comments/{id}/approve': {
    allowed: ADMIN,
    request: (w) => ({ path: `/api/comments/${w.comments[0]}/approve`, body: { project_id: w.projectId } }),
  },
  'POST /api/comments/{id}/reject': {
    allowed: ADMIN,
    request: (w) => ({ path: `/api/comments/${w.comments[1]}/reject`, body: { project_id: w.projectId } }),
    disruptive: true,
  },
  'POST /api/projects/bulk': {
    allowed: ADMIN,
    request: (w) => ({ body: { ids: [w.projectId], status: 'in_progress' } }),
  },
  'GET /api/activity': { allowed: ADMIN },
  'GET /api/insights': { allowed: ADMIN },
  'GET /api/users': { allowed: ADMIN },
  // 'Erase User': admins only (an unknown account here, so nobody is erased).
  'POST /api/admin/users/{id}/erasure': {
    allowed: ADMIN,
    request: () => ({ path: '/api/admin/users/no-such-user/erasure', body: { reference: 'DSR-1' } }),
    allowedAnswer: (r) => r.status === 404 && r.body?.error?.message === 'No such user.',
  },
  'GET /api/admin/erasures': { allowed: ADMIN },
  'GET /api/users/{id}': { allowed: ADMIN, request: (w) => ({ path: `/api/users/${w.users.owner.sub}` }) },
  'POST /api/checklists': {
    allowed: [...CLIENTS, 'admin'],
    request: () => ({
      body: {
        title: 'Loft',
        project_category: 'Design',
        project_type: 'Concept Design',
        property_type: 'condo',
        deliverables: ['Layout Plan'],
        description: minimalProject().description,
      },
    }),
  },
  'POST /api/projects/{id}/uploads': {
    allowed: ['owner', 'assignedDesigner', 'admin'],
    request: (w, c) => ({
      path: `/api/projects/${w.projectId}/uploads`,
      body: {
        file_name: 'plan.pdf',
        content_type: 'application/pdf',
        file_size: 9,
        file_type: c === 'owner' || CLIENTS.includes(c) ? 'client_upload' : 'deliverable',
      },
    }),
  },
  'POST /api/projects/{id}/files': {
    allowed: ['owner', 'assignedDesigner', 'admin'],
    request: async (w, c) => ({ path: `/api/projects/${w.projectId}/files`, body: await uploadFor(c) }),
  },
  'GET /api/projects/{id}/files/{fileId}': {
    allowed: READERS,
    request: (w) => ({ path: `/api/projects/${w.projectId}/files/${w.fileId}` }),
  },
  // Issue 37: everyone who reads the project sees its review; only the client and their team pin notes.
  'GET /api/projects/{id}/reviews': {
    allowed: READERS,
    request: (w) => ({ path: `/api/projects/${w.projectId}/reviews` }),
  },
  'POST /api/projects/{id}/reviews': {
    allowed: ['owner', 'teamMember'],
    request: (w) => ({
      path: `/api/projects/${w.projectId}/reviews`,
      body: {
        action: 'pin_note',
        deliverable_id: w.deliverableId,
        version: 1,
        page: 1,
        x: 0.5,
        y: 0.5,
        text: 'Matrix note',
      },
    }),
  },
  // Issue 46: the city review is read by the project's readers; the world's project is a design project, so
  // a caller who gets past authorization is told it has no city review (the decider then says who records, who
  // answers).
  'GET /api/projects/{id}/city-review': {
    allowed: READERS,
    request: (w) => ({ path: `/api/projects/${w.projectId}/city-review` }),
    allowedAnswer: NO_CITY_REVIEW,
  },
  'POST /api/projects/{id}/city-review': {
    allowed: READERS,
    request: (w) => ({
      path: `/api/projects/${w.projectId}/city-review`,
      body: { action: 'record_corrections', items: [{ comment: 'Matrix correction' }] },
    }),
    allowedAnswer: NO_CITY_REVIEW,
  },
  'POST /api/projects/{id}/city-review/read-letter': {
    allowed: READERS,
    request: (w) => ({ path: `/api/projects/${w.projectId}/city-review/read-letter`, body: { file_id: w.fileId } }),
    allowedAnswer: NO_CITY_REVIEW,
  },
  'POST /api/projects/{id}/city-review/draft-response': {
    allowed: READERS,
    request: (w) => ({
      path: `/api/projects/${w.projectId}/city-review/draft-response`,
      body: { round: 1, item_id: 'i1' },
    }),
    allowedAnswer: NO_CITY_REVIEW,
  },
  'POST /api/projects/{id}/city-review/response-letter': {
    allowed: READERS,
    request: (w) => ({ path: `/api/projects/${w.projectId}/city-review/response-letter`, body: { round: 1 } }),
    allowedAnswer: NO_CITY_REVIEW,
  },
  'GET /api/audit/{streamId}': { allowed: ADMIN, request: (w) => ({ path: `/api/audit/project-${w.projectId}` }) },
  'GET /api/billing/subscription': { allowed: SIGNED_IN },
  'POST /api/billing/checkout': { allowed: SIGNED_IN, request: () => ({ body: { price_id: 'price_starter' } }) },
  'POST /api/billing/portal': {
    allowed: SIGNED_IN,
    allowedAnswer: (r) => r.status === 404 && r.body?.error?.code === 'NO_BILLING_ACCOUNT',
  },
  'POST /api/billing/sync': { allowed: ADMIN },
  'POST /api/billing/webhook': {
    allowed: 'public',
    request: () => ({ body: { id: 'evt_forged', type: 'customer.subscription.created' } }),
  },
  'GET /api/designers': { allowed: ADMIN },
  'POST /api/designers': { allowed: ADMIN, request: () => ({ body: { email: uniqueEmail('preauth') } }) },
  'PATCH /api/designers/{email}': {
    allowed: ADMIN,
    request: async () => ({
      path: `/api/designers/${encodeURIComponent(await disposableDesigner())}`,
      body: { active: false },
    }),
  },
  'DELETE /api/designers/{email}': {
    allowed: ADMIN,
    request: async () => ({ path: `/api/designers/${encodeURIComponent(await disposableDesigner())}` }),
  },
  'POST /api/designers/link': { allowed: SIGNED_IN },
  'POST /api/designers/{email}/invite': {
    allowed: ADMIN,
    request: async () => ({ path: `/api/designers/${encodeURIComponent(await disposableDesigner())}/invite` }),
  },
  'GET /api/designer-invites/{token}': {
    allowed: 'public',
    request: (w) => ({ path: `/api/designer-invites/${w.designerInviteToken}` }),
  },
  // The link proves the mailbox, and the caller must be signed in with the invited address: nobody here is.
  'POST /api/designer-invites/{token}/accept': {
    allowed: [],
    request: (w) => ({ path: `/api/designer-invites/${w.designerInviteToken}/accept` }),
  },
  // Public: the token (mailed to the account's address) is the proof; an unknown address gets the same answer.
  // Each caller asks for a link, checks one, and sets a password with it: the first spends the link
  // (200), the others are told it is used (410); none is refused.
  'POST /api/password-resets': {
    allowed: 'public',
    request: async (w) => {
      expect((await stack.api('POST', '/api/password-resets', { body: { email: uniqueEmail('nobody') } })).status).toBe(
        202,
      );
      expect([200, 410]).toContain(
        (await stack.api('POST', '/api/password-resets', { body: { token: w.resetToken } })).status,
      );
      return { body: { token: w.resetToken, password: 'A brand new passphrase 2026' } };
    },
  },
  'POST /api/sessions/revoke-designers': { allowed: ADMIN, disruptive: true },
  // Everyone's own bell and e-mail choices (issue 22): each caller reads and changes only their own.
  'GET /api/notifications': { allowed: SIGNED_IN },
  'POST /api/notifications/read': { allowed: SIGNED_IN },
  'GET /api/me/notification-preferences': { allowed: SIGNED_IN },
  'PATCH /api/me/notification-preferences': { allowed: SIGNED_IN, request: () => ({ body: { comment: 'off' } }) },
  // Public: the signed token is the proof (a bad one is a 400 that changes nothing).
  'GET /api/notifications/unsubscribe': {
    allowed: 'public',
    request: () => ({ path: '/api/notifications/unsubscribe?token=not-a-token' }),
  },
  'POST /api/notifications/unsubscribe': {
    allowed: 'public',
    request: () => ({ path: '/api/notifications/unsubscribe?token=not-a-token' }),
  },
  // Test e-mails go to the caller's own address (or an admin's).
  // Last in the table and disruptive: each ends the caller's sessions (the first proof for accounts
  // whose proof was never recorded, like the seeded ones). A designer's session ended already by
  // 'Sign Out All Designers' (an earlier disruptive row) answers SESSION_REVOKED.
  'POST /api/me/email-proof': {
    allowed: SIGNED_IN,
    disruptive: true,
    allowedAnswer: (response) => response.body?.error?.code === 'SESSION_REVOKED',
  },
  'POST /api/sessions/revoke': {
    allowed: SIGNED_IN,
    disruptive: true,
    allowedAnswer: (response) => response.body?.error?.code === 'SESSION_REVOKED',
  },
  'POST /api/mail/test': {
    allowed: SIGNED_IN,
    request: (w, c) => ({ body: { toEmail: c === 'anonymous' ? 'someone@example.test' : w.users[c].email } }),
  },
};

async function disposableDesigner(): Promise<string> {
  const email = uniqueEmail('disposable');
  await stack.api('POST', '/api/designers', { user: world.users.admin, body: { email } });
  return email;
}

async function buildWorld(): Promise<World> {
  const admin = await stack.admin();
  const assignedDesigner = await stack.designer();
  const owner = await stack.provenClient();
  const otherClient = await stack.provenClient();
  const team = await stack.api('POST', '/api/team', { user: owner, body: { name: 'Matrix Studio' } });
  expect(team.status, JSON.stringify(team.body)).toBeLessThan(300);
  await stack.settle();

  // The team member joins through a real invitation, its token read from the e-mail.
  const memberEmail = uniqueEmail('member');
  const invited = await stack.api('POST', '/api/team/invites', {
    user: owner,
    body: { email: memberEmail, role: 'designer' },
  });
  expect(invited.status, JSON.stringify(invited.body)).toBeLessThan(300);
  await stack.settle();
  const [mail] = await stack.local.outbox.list(memberEmail);
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
  const teamMember = await stack.provenClient({}, memberEmail);
  expect((await stack.api('POST', `/api/invites/${token}/accept`, { user: teamMember })).status).toBeLessThan(300);
  const pending = await stack.api('POST', '/api/team/invites', {
    user: owner,
    body: { email: uniqueEmail('pending'), role: 'designer' },
  });
  await stack.api('POST', '/api/team/invites', { user: owner, body: { email: otherClient.email, role: 'designer' } });
  await stack.settle();
  const [forOtherClient] = await stack.local.outbox.list(otherClient.email);
  const inviteToken = /token=([A-Za-z0-9_-]+)/.exec(forOtherClient!.text)![1]!;
  const teamView = await stack.api('GET', '/api/team', { user: owner });

  // Another designer, pre-authorised by an admin, registered, and linked by following the invitation link.
  const otherDesignerEmail = uniqueEmail('designer');
  expect(
    (await stack.api('POST', '/api/designers', { user: admin, body: { email: otherDesignerEmail } })).status,
  ).toBeLessThan(300);
  await stack.settle();
  const registered = await stack.provenClient({}, otherDesignerEmail);
  const [designerMail] = (await stack.local.outbox.list(otherDesignerEmail)).filter(
    (mail) => mail.tag === 'designer-invite',
  );
  const designerToken = /token=([A-Za-z0-9_-]+)/.exec(designerMail!.text)![1]!;
  expect((await stack.api('POST', `/api/designer-invites/${designerToken}/accept`, { user: registered })).status).toBe(
    200,
  );
  await stack.settle();
  const otherDesigner = await stack.signIn(otherDesignerEmail, 'CorrectHorse#2026');
  const unclaimed = uniqueEmail('unclaimed');
  expect((await stack.api('POST', '/api/designers', { user: admin, body: { email: unclaimed } })).status).toBe(201);
  await stack.settle();
  const [unclaimedMail] = await stack.local.outbox.list(unclaimed);
  const designerInviteToken = /token=([A-Za-z0-9_-]+)/.exec(unclaimedMail!.text)![1]!;

  const resetAccount = await stack.signUpClient();
  expect((await stack.api('POST', '/api/password-resets', { body: { email: resetAccount.email } })).status).toBe(202);
  const [resetMail] = (await stack.local.outbox.list(resetAccount.email)).filter(
    (mail) => mail.tag === 'password-reset',
  );
  const resetToken = /token=([A-Za-z0-9._-]+)/.exec(resetMail!.text)![1]!;

  const created = await stack.api('POST', '/api/projects', { user: owner, body: minimalProject() });
  const projectId = created.body.project.id as string;
  await stack.settle();
  expect(
    (
      await stack.api('PATCH', `/api/projects/${projectId}`, {
        user: admin,
        body: { designer: { designer_id: assignedDesigner.sub } },
      })
    ).status,
  ).toBe(200);
  const comments: string[] = [];
  for (const content of ['First pending comment', 'Second pending comment']) {
    const posted = await stack.api('POST', `/api/projects/${projectId}/comments`, {
      user: assignedDesigner,
      body: { content },
    });
    expect(posted.status, JSON.stringify(posted.body)).toBeLessThan(300);
    comments.push(posted.body.comment!.id);
  }
  world = {
    users: { admin, assignedDesigner, owner, otherClient, teamMember, otherDesigner },
    projectId,
    taskId: `${projectId}-t1`,
    teamId: team.body.team!.id,
    inviteId: pending.body.invite?.id ?? teamView.body.invites[0]!.id,
    inviteToken,
    designerInviteToken,
    resetToken,
    comments,
    fileId: '',
    deliverableId: '',
  };
  const { key } = await uploadFor('owner');
  const recorded = await stack.api('POST', `/api/projects/${projectId}/files`, { user: owner, body: { key } });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  world.fileId = recorded.body.file.id;
  const deliverable = await stack.api('POST', `/api/projects/${projectId}/files`, {
    user: assignedDesigner,
    body: await uploadFor('assignedDesigner'),
  });
  expect(deliverable.status, JSON.stringify(deliverable.body)).toBe(201);
  world.deliverableId = deliverable.body.file.id;
  await stack.settle();
  return world;
}

beforeAll(async () => {
  stack = await TestStack.start();
  world = await buildWorld();
}, 180_000);
afterAll(() => stack?.stop());

describe('authorization matrix', () => {
  it('has a row for every route of the table (and none for routes that are gone)', () => {
    const keys = routes.map(routeKey);
    expect(keys.filter((key) => !MATRIX[key])).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !keys.includes(key))).toEqual([]);
  });

  const ordered = [...routes].sort(
    (a, b) => Number(!!MATRIX[routeKey(a)]?.disruptive) - Number(!!MATRIX[routeKey(b)]?.disruptive),
  );
  for (const route of ordered) {
    const key = routeKey(route);
    it(`${key}: ${CALLERS.length} callers`, async () => {
      const row = MATRIX[key];
      if (!row) return;
      const problems: string[] = [];
      // Denied callers first: they must change nothing, whatever the allowed ones do after them.
      const order = [...CALLERS].sort((a, b) => Number(isAllowed(row, a)) - Number(isAllowed(row, b)));
      for (const caller of order) {
        const allowed = isAllowed(row, caller);
        const request = (await row.request?.(world, caller)) ?? {};
        const user = caller === 'anonymous' ? undefined : world.users[caller];
        // What earlier allowed calls set off in the background (a data export being built) is not this call's doing.
        if (!allowed) await stack.settle();
        const before = allowed ? 0 : await stack.eventCount();
        const response = await stack.api(route.method, request.path ?? route.path, { user, body: request.body });
        const label = `${caller} → ${response.status} ${JSON.stringify(response.body)?.slice(0, 160)}`;
        if (allowed) {
          const refused = [401, 403, 404].includes(response.status) && !row.allowedAnswer?.(response);
          if (refused || response.status >= 500) problems.push(`expected allowed: ${label}`);
        } else {
          const expected = caller === 'anonymous' ? [401] : [403, 404];
          if (!expected.includes(response.status)) problems.push(`expected ${expected.join('/')}: ${label}`);
          const message = response.body?.error?.message ?? (response.body as { message?: string } | undefined)?.message;
          if (typeof message !== 'string' || message.length < 3) problems.push(`no message: ${label}`);
          await stack.settle();
          if ((await stack.eventCount()) !== before) problems.push(`appended events: ${label}`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

function isAllowed(row: Row, caller: Caller): boolean {
  return row.allowed === 'public' || row.allowed.includes(caller);
}
