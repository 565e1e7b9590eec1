import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../events/envelope.js';
import type { NotificationsResponse } from '../../functions/features/notifications/contracts.js';
import { projectDecider } from '../../functions/features/projects/decider.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import type { SentMail } from '../../functions/platform/mail/index.js';
import { handler as notificationsConsumer } from '../../functions/features/notifications/reactions/consumer.js';
import { flushAll, sendDigests } from '../../functions/features/notifications/deliver.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Notifications (issue 22) against the embedded stack: each kind reaches exactly the right people
 * (in the app, and by e-mail as they chose), nobody twice, nobody about their own action.
 */
let stack: TestStack;
let owner: TestUser;
let mate: TestUser;
let stranger: TestUser;
let admin: TestUser;
let designer: TestUser;

const LINK = /(https?:\/\/\S+\/accept-invite\?token=\S+)/;

beforeAll(async () => {
  stack = await TestStack.start();
  admin = await stack.admin();
  designer = await stack.designer();
  // A team is built on proven addresses (issue 34).
  owner = await stack.provenClient({ name: 'Olive Owner' });
  stranger = await stack.signUpClient({ name: 'Sam Stranger' });
  expect((await stack.api('POST', '/api/team', { user: owner, body: { name: 'Studio North' } })).status).toBe(201);
  const mateEmail = uniqueEmail('mate');
  expect((await stack.api('POST', '/api/team/invites', { user: owner, body: { email: mateEmail } })).status).toBe(201);
  await stack.settle();
  const invitation = (await stack.local.outbox.list(mateEmail)).find((mail) => mail.tag === 'team-invite')!;
  const token = new URL(LINK.exec(invitation.text)![1]!).searchParams.get('token')!;
  mate = await stack.provenClient({ name: 'Mo Mate' }, mateEmail);
  expect((await stack.api('POST', `/api/invites/${token}/accept`, { user: mate })).status).toBe(200);
  await stack.settle();
});
afterAll(() => stack?.stop());

const inbox = async (user: TestUser, query = '') => {
  const answer = await stack.api('GET', `/api/notifications${query}`, { user });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as NotificationsResponse;
};
const notificationMail = async (to: string): Promise<SentMail[]> =>
  (await stack.local.outbox.list(to)).filter((mail) => mail.tag?.startsWith('notification'));

async function submit(title: string, user = owner): Promise<string> {
  const created = await stack.api('POST', '/api/projects', { user, body: minimalProject({ title }) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await stack.settle();
  return created.body.project.id as string;
}
async function patch(user: TestUser, projectId: string, body: Record<string, unknown>) {
  const answer = await stack.api('PATCH', `/api/projects/${projectId}`, { user, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  await stack.settle();
}

/** Who found something new in their bell since the last look, and what. */
async function snapshot(users: Record<string, TestUser>) {
  const seen = new Map<string, Set<string>>();
  for (const [name, user] of Object.entries(users))
    seen.set(name, new Set((await inbox(user, '?limit=50')).notifications.map((n) => n.id)));
  return async () => {
    const told: Record<string, string[]> = {};
    for (const [name, user] of Object.entries(users)) {
      const fresh = (await inbox(user, '?limit=50')).notifications.filter((n) => !seen.get(name)!.has(n.id));
      for (const n of fresh) seen.get(name)!.add(n.id);
      if (fresh.length > 0) told[name] = fresh.map((n) => `${n.kind}: ${n.message}`);
    }
    return told;
  };
}

describe('who hears what (in the app)', () => {
  it('each kind reaches exactly the right people and nobody else', async () => {
    const everyone = { owner, mate, stranger, admin, designer };
    const since = await snapshot(everyone);
    const projectId = await submit('Matrix house');
    expect(await since()).toEqual({ admin: ['submission: New project submitted: Matrix house'] });

    await patch(admin, projectId, { designer: { designer_id: designer.sub } });
    expect(await since()).toEqual({ designer: ['assignment: You were assigned Matrix house'] });

    await patch(admin, projectId, { due_date: '2026-12-24' });
    expect(await since()).toEqual({ designer: ['assignment: Matrix house is now due on Dec 24, 2026'] });

    await patch(admin, projectId, { priority: 'Urgent' });
    expect(await since()).toEqual({});

    await patch(designer, projectId, { status: 'in_progress' });
    expect(await since()).toEqual({
      owner: ['status: Matrix house is now In Progress'],
      mate: ['status: Matrix house is now In Progress'],
    });

    const comment = await stack.api('POST', `/api/projects/${projectId}/comments`, {
      user: designer,
      body: { content: 'Layout options are ready for review.' },
    });
    expect(comment.status).toBe(201);
    await stack.settle();
    // Pending: admins only, never the client's side.
    expect(await since()).toEqual({ admin: ['moderation: A comment on Matrix house is waiting for moderation'] });

    expect(
      (
        await stack.api('POST', `/api/comments/${comment.body.comment.id}/approve`, {
          user: admin,
          body: { project_id: projectId },
        })
      ).status,
    ).toBe(200);
    await stack.settle();
    // Approved: the client's side; the designer wrote it, the admin approved it: neither is told.
    expect(await since()).toEqual({
      owner: ['comment: New comment on Matrix house'],
      mate: ['comment: New comment on Matrix house'],
    });

    const byAdmin = await stack.api('POST', `/api/projects/${projectId}/comments`, {
      user: admin,
      body: { content: 'Please add a pantry option.' },
    });
    await stack.settle();
    expect(await since()).toEqual({});
    await stack.api('POST', `/api/comments/${byAdmin.body.comment.id}/approve`, {
      user: admin,
      body: { project_id: projectId },
    });
    await stack.settle();
    expect(await since()).toEqual({
      owner: ['comment: New comment on Matrix house'],
      mate: ['comment: New comment on Matrix house'],
      designer: ['comment: New comment on Matrix house'],
    });

    await patch(designer, projectId, { status: 'needs_revision' });
    expect(await since()).toEqual({
      owner: ['status: Matrix house is now Needs Revision'],
      mate: ['status: Matrix house is now Needs Revision'],
      admin: ['status: The designer set Matrix house to Needs Revision'],
    });

    await runCommand(
      projectDecider,
      `project-${projectId}`,
      {
        type: 'RecordFile',
        file_id: 'F1',
        file_name: 'plan.pdf',
        file_type: 'deliverable',
        file_category: 'Layout Plan',
        file_size: 1000,
        file_url: `projects/${projectId}/plan.pdf`,
      },
      { actor: { sub: designer.sub, role: 'designer' } },
      stack.local.runtime,
    );
    await stack.settle();
    expect(await since()).toEqual({
      owner: ['deliverable: A deliverable was uploaded to Matrix house: plan.pdf'],
      mate: ['deliverable: A deliverable was uploaded to Matrix house: plan.pdf'],
    });

    await patch(admin, projectId, { status: 'delivered' });
    expect(await since()).toEqual({
      owner: ['status: Matrix house is now Delivered'],
      mate: ['status: Matrix house is now Delivered'],
    });

    // A designer pre-authorised by e-mail, without an account: told by e-mail only; the one taken off hears it.
    const invited = uniqueEmail('preauth');
    expect((await stack.api('POST', '/api/designers', { user: admin, body: { email: invited } })).status).toBe(201);
    await stack.settle();
    await patch(admin, projectId, { designer: { designer_email: invited } });
    expect(await since()).toEqual({ designer: ['assignment: You were unassigned from Matrix house'] });
    const assignedMail = await notificationMail(invited);
    expect(assignedMail.map((mail) => mail.subject)).toEqual([
      'There is news about your Design Club projects: sign in through your invitation link to see it',
    ]);
    // An address nobody has proven learns there is work, not the client's project: no title, no id.
    expect(JSON.stringify(assignedMail[0])).not.toContain('Matrix house');
    expect(JSON.stringify(assignedMail[0])).not.toContain(projectId);
    expect(assignedMail[0]!.text).toContain(`${stack.url}/designer`);
    // No account: nothing to unsubscribe from, so no one-click header.
    expect(assignedMail[0]!.headers ?? {}).toEqual({});
  });

  it('lists newest first, pages with a cursor, counts unread and marks read', async () => {
    const first = await inbox(owner, '?limit=2');
    expect(first.notifications).toHaveLength(2);
    expect(first.unread).toBeGreaterThanOrEqual(6);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await inbox(owner, `?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.notifications[0]!.id < first.notifications[1]!.id).toBe(true);
    const all = (await inbox(owner, '?limit=50')).notifications;
    expect(all.map((n) => n.id)).toEqual([...all.map((n) => n.id)].sort().reverse());

    const upTo = await stack.api('POST', '/api/notifications/read', {
      user: owner,
      body: { up_to: second.notifications[0]!.id },
    });
    expect(upTo.status).toBe(200);
    expect(upTo.body.unread).toBe(2);
    const markAll = await stack.api('POST', '/api/notifications/read', { user: owner });
    expect(markAll.body).toEqual({ unread: 0 });
    expect((await inbox(owner)).notifications.every((n) => n.read)).toBe(true);
    // The mate's bell is theirs: untouched.
    expect((await inbox(mate)).unread).toBeGreaterThan(0);
    // A cursor is bound to its inbox: the owner's page link is refused on the mate's.
    const foreign = await stack.api(
      'GET',
      `/api/notifications?limit=2&cursor=${encodeURIComponent(first.next_cursor!)}`,
      { user: mate },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error?.code).toBe('INVALID_CURSOR');
  });

  it('refuses bad input with 400 and strangers with 401', async () => {
    for (const query of [
      '?cursor=garbage',
      '?limit=0',
      '?limit=500',
      `?cursor=${Buffer.from('n1:../../x').toString('base64url')}`,
    ]) {
      const answer = await stack.api('GET', `/api/notifications${query}`, { user: owner });
      expect(answer.status, query).toBe(400);
      expect(answer.body.error?.code).toEqual(expect.any(String));
    }
    expect((await stack.api('POST', '/api/notifications/read', { user: owner, body: { up_to: 'x' } })).status).toBe(
      400,
    );
    expect(
      (
        await stack.api('POST', '/api/notifications/read', {
          user: owner,
          body: { up_to: '01ARZ3NDEKTSV4RRFFQ69G5FAV', extra: 1 },
        })
      ).status,
    ).toBe(400);
    expect((await stack.api('GET', '/api/notifications')).status).toBe(401);
    expect(
      (await stack.api('PATCH', '/api/me/notification-preferences', { user: owner, body: { status: 'weekly' } }))
        .status,
    ).toBe(400);
    expect(
      (await stack.api('PATCH', '/api/me/notification-preferences', { user: owner, body: { billing: 'off' } })).status,
    ).toBe(400);
  });
});

/** Runs the flush schedule as if `offsetMs` had passed. */
async function flushAt(offsetMs: number) {
  const realNow = stack.local.runtime.now;
  stack.local.runtime.now = () => new Date(realNow().getTime() + offsetMs);
  try {
    await flushAll(stack.local.runtime);
  } finally {
    stack.local.runtime.now = realNow;
  }
}

describe('idempotent', () => {
  it('an event delivered twice, or replayed, tells nobody twice (in the app or by e-mail)', async () => {
    const projectId = await submit('Replayed house');
    await patch(admin, projectId, { designer: { designer_id: designer.sub } });
    await patch(designer, projectId, { status: 'in_progress' });
    // What earlier tests held back (bursts) goes out first, so only a repeat could add mail below.
    await flushAt(61_000);
    const before = {
      owner: (await inbox(owner, '?limit=50')).notifications.length,
      mail: (await notificationMail(owner.email)).length,
      admin: (await inbox(admin, '?limit=50')).notifications.length,
    };
    const { events } = await stack.local.runtime.store.readStream(`project-${projectId}`);
    const deliver = (event: EventEnvelope) =>
      notificationsConsumer(
        { id: `again-${event.eventId}`, 'detail-type': event.type, source: 'design-club', detail: event } as never,
        {} as never,
      );
    for (const event of events) await deliver(event);
    await Promise.all(events.map(deliver));
    await stack.settle();
    // Anything a repeat had queued would go out once the e-mail window (taken by the flush above) has passed.
    await flushAt(130_000);
    expect((await inbox(owner, '?limit=50')).notifications.length).toBe(before.owner);
    expect((await inbox(admin, '?limit=50')).notifications.length).toBe(before.admin);
    expect((await notificationMail(owner.email)).length).toBe(before.mail);
  });

  it('a forged event (not in the store) tells nobody', async () => {
    const projectId = await submit('Forged house');
    const [submitted] = (await stack.local.runtime.store.readStream(`project-${projectId}`)).events;
    const forged = {
      ...submitted!,
      version: 2,
      type: 'ProjectStatusChanged',
      data: { from: 'queued', to: 'delivered' },
    };
    const before = (await inbox(owner, '?limit=50')).notifications.length;
    await notificationsConsumer(
      { id: 'forged', 'detail-type': forged.type, source: 'design-club', detail: forged } as never,
      {} as never,
    );
    expect((await inbox(owner, '?limit=50')).notifications.length).toBe(before);
  });
});

describe('e-mail', () => {
  it(
    'an immediate e-mail: HTML and text, the project title and link, one-click unsubscribe headers, a footer link ' +
      'to the preferences',
    async () => {
      const projectId = await submit('Mailed house');
      await patch(admin, projectId, { designer: { designer_id: designer.sub } });
      await patch(designer, projectId, { status: 'in_progress' });
      const [mail] = (await notificationMail(owner.email)).filter(
        (m) => m.subject === 'Mailed house is now In Progress',
      );
      expect(mail).toBeDefined();
      expect(mail!.text).toContain(`${stack.url}/dashboard?project=${projectId}`);
      expect(mail!.text).toContain(`${stack.url}/profile?tab=notifications`);
      expect(mail!.html).toContain(`<a href="${stack.url}/dashboard?project=${projectId}">Open Mailed house</a>`);
      expect(mail!.html).toMatch(/^<!doctype html><html lang="en">/);
      expect(mail!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(mail!.headers!['List-Unsubscribe']).toMatch(
        new RegExp(`^<${stack.url}/api/notifications/unsubscribe\\?token=[^>]+>$`),
      );
      // The mate got theirs too (an account of the team), the designer who acted did not.
      expect((await notificationMail(mate.email)).some((m) => m.subject === 'Mailed house is now In Progress')).toBe(
        true,
      );
      expect((await notificationMail(designer.email)).some((m) => m.subject.includes('Mailed house is now'))).toBe(
        false,
      );
    },
  );

  it('a burst becomes one e-mail per project per minute; the rest is folded into the next one', async () => {
    const projectId = await submit('Busy house');
    await patch(admin, projectId, { designer: { designer_id: designer.sub } });
    const count = async () =>
      (await notificationMail(owner.email)).filter((m) => m.text.includes(`project=${projectId}`));
    await patch(designer, projectId, { status: 'in_progress' });
    await patch(designer, projectId, { status: 'needs_revision' });
    await patch(designer, projectId, { status: 'in_progress' });
    expect((await count()).map((m) => m.subject)).toEqual(['Busy house is now In Progress']);
    // Still within the minute: the flush holds them.
    await flushAll(stack.local.runtime);
    expect(await count()).toHaveLength(1);
    const realNow = stack.local.runtime.now;
    stack.local.runtime.now = () => new Date(realNow().getTime() + 61_000);
    try {
      await flushAll(stack.local.runtime);
      await flushAll(stack.local.runtime);
    } finally {
      stack.local.runtime.now = realNow;
    }
    const mails = await count();
    expect(mails.map((m) => m.subject)).toEqual(['2 updates on Busy house', 'Busy house is now In Progress']);
    expect(mails[0]!.text).toContain('Busy house is now Needs Revision');
    expect(mails[0]!.text).toContain('Busy house is now In Progress');
  });

  it(
    'an address that cannot receive mail holds up nobody: the bell and the others are told, its lines are dropped ' +
      'after a few tries',
    async () => {
      const projectId = await submit('Undeliverable house');
      const nowhere = `nowhere.${Date.now().toString(36)}@example.invalid`;
      expect(
        (await stack.api('POST', '/api/designers', { user: admin, body: { email: nowhere } })).status,
      ).toBeLessThan(300);
      await stack.settle();
      await patch(admin, projectId, { designer: { designer_email: nowhere } });
      await patch(admin, projectId, { status: 'in_progress' });
      // No dead letter: the reactor finished; the client heard of the status change, by bell and by mail.
      expect(stack.local.bus.deadLetters.filter((letter) => letter.subscription === 'notifications')).toEqual([]);
      expect((await inbox(owner)).notifications[0]!.message).toBe('Undeliverable house is now In Progress');
      const realNow = stack.local.runtime.now;
      try {
        for (let minute = 1; minute <= 6; minute += 1) {
          stack.local.runtime.now = () => new Date(realNow().getTime() + minute * 61_000);
          await expect(flushAll(stack.local.runtime)).resolves.toEqual(expect.any(Number));
        }
      } finally {
        stack.local.runtime.now = realNow;
      }
      const { items } = await stack.local.runtime.views.client
        .send(
          new QueryCommand({
            TableName: stack.local.runtime.views.tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `$mail-pending#email:${nowhere}` },
          }),
        )
        .then((page) => ({ items: page.Items ?? [] }));
      expect(items).toEqual([]);
    },
  );
});

describe('preferences and unsubscribe', () => {
  it('defaults, then a change is an event; off means no e-mail, the bell still rings', async () => {
    const defaults = await stack.api('GET', '/api/me/notification-preferences', { user: stranger });
    expect(defaults.body.preferences).toEqual({
      status: 'immediate',
      deliverable: 'immediate',
      comment: 'digest',
      assignment: 'immediate',
      submission: 'immediate',
      moderation: 'digest',
    });
    const changed = await stack.api('PATCH', '/api/me/notification-preferences', {
      user: stranger,
      body: { status: 'off' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.preferences.status).toBe('off');
    await stack.settle();
    const { events } = await stack.local.runtime.store.readStream(`user-${stranger.sub}`);
    expect(events.at(-1)).toMatchObject({
      type: 'NotificationPreferencesChanged',
      data: { preferences: { status: 'off' }, via: 'profile' },
      actor: { sub: stranger.sub },
    });
    expect(
      (await stack.api('GET', '/api/me/notification-preferences', { user: stranger })).body.preferences.status,
    ).toBe('off');

    const projectId = await submit('Quiet house', stranger);
    await patch(admin, projectId, { status: 'in_progress' });
    expect((await inbox(stranger)).notifications[0]).toMatchObject({
      kind: 'status',
      message: 'Quiet house is now In Progress',
      link: `/dashboard?project=${projectId}`,
    });
    expect((await notificationMail(stranger.email)).filter((m) => m.text.includes(projectId))).toEqual([]);
  });

  it("the digest holds a day's events once, once per user per day", async () => {
    const projectId = await submit('Digest house');
    await patch(admin, projectId, { designer: { designer_id: designer.sub } });
    for (const content of ['First note on the digest house.', 'Second note on the digest house.']) {
      const posted = await stack.api('POST', `/api/projects/${projectId}/comments`, {
        user: designer,
        body: { content },
      });
      await stack.settle();
      await stack.api('POST', `/api/comments/${posted.body.comment.id}/approve`, {
        user: admin,
        body: { project_id: projectId },
      });
      await stack.settle();
    }
    // Comments default to the digest: no immediate e-mail about them.
    const digestLines = async () => (await notificationMail(mate.email)).filter((m) => m.tag === 'notification-digest');
    expect((await notificationMail(mate.email)).some((m) => m.subject.startsWith('New comment'))).toBe(false);
    await sendDigests(stack.local.runtime);
    await sendDigests(stack.local.runtime);
    const digests = await digestLines();
    expect(digests).toHaveLength(1);
    expect(digests[0]!.text.match(/New comment on Digest house/g)).toHaveLength(2);
    expect(digests[0]!.headers!['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    // A comment after today's digest waits for tomorrow's, and is in it once.
    const late = await stack.api('POST', `/api/projects/${projectId}/comments`, {
      user: designer,
      body: { content: 'Late note on the digest house.' },
    });
    await stack.settle();
    await stack.api('POST', `/api/comments/${late.body.comment.id}/approve`, {
      user: admin,
      body: { project_id: projectId },
    });
    await stack.settle();
    await sendDigests(stack.local.runtime);
    expect(await digestLines()).toHaveLength(1);
    const realNow = stack.local.runtime.now;
    stack.local.runtime.now = () => new Date(realNow().getTime() + 86_400_000);
    try {
      await sendDigests(stack.local.runtime);
      await sendDigests(stack.local.runtime);
    } finally {
      stack.local.runtime.now = realNow;
    }
    const next = await digestLines();
    expect(next).toHaveLength(2);
    expect(next[0]!.text.match(/New comment on Digest house/g)).toHaveLength(1);
  });

  it(
    'one-click unsubscribe: GET changes nothing, a forged or altered token is 400 and changes nothing, POST turns ' +
      'that kind off once',
    async () => {
      const [mail] = (await notificationMail(owner.email)).filter(
        (m) => m.headers?.['List-Unsubscribe'] && m.tag === 'notification',
      );
      const url = mail!.headers!['List-Unsubscribe']!.slice(1, -1);
      const path = url.slice(stack.url.length);
      const token = new URL(url).searchParams.get('token')!;
      const eventsBefore = await stack.eventCount();

      const asked = await stack.api('GET', path);
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ scope: 'status', unsubscribed: false });
      expect(await stack.eventCount()).toBe(eventsBefore);

      const [payload, signature] = token.split('.');
      const otherUser = Buffer.from(JSON.stringify({ u: stranger.sub, k: 'status' })).toString('base64url');
      const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BB' : 'AA');
      for (const bad of [`${otherUser}.${signature}`, `${payload}.${flipped}`, `${payload}`, 'x.y.z', '']) {
        const answer = await fetch(`${stack.url}/api/notifications/unsubscribe?token=${encodeURIComponent(bad)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'List-Unsubscribe=One-Click',
        });
        expect(answer.status, bad).toBe(400);
        expect((await answer.json()).error.code).toEqual(expect.any(String));
      }
      expect(await stack.eventCount()).toBe(eventsBefore);

      // What a mail provider sends for RFC 8058: a form POST to the header's URL.
      const oneClick = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.status).toBe(200);
      expect(await oneClick.json()).toMatchObject({ scope: 'status', unsubscribed: true });
      await stack.settle();
      expect(await stack.eventCount()).toBe(eventsBefore + 1);
      expect(
        (await stack.api('GET', '/api/me/notification-preferences', { user: owner })).body.preferences.status,
      ).toBe('off');
      const again = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(again.status).toBe(200);
      expect(await stack.eventCount()).toBe(eventsBefore + 1);

      // Honoured: the next status change reaches the bell, not the inbox.
      const projectId = await submit('Unsubscribed house');
      await patch(admin, projectId, { status: 'in_progress' });
      expect((await inbox(owner)).notifications[0]!.message).toBe('Unsubscribed house is now In Progress');
      expect((await notificationMail(owner.email)).filter((m) => m.text.includes(projectId))).toEqual([]);
    },
  );
});
