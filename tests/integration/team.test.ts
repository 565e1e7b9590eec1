import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InviteResponse, TeamResponse } from '../../functions/features/teams/contracts.js';
import type { Method } from '../support/api-routes.js';
import { TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';
import { readAll } from '../../functions/platform/event-store/event-log.js';

const LINK = /(https?:\/\/\S+\/accept-invite\?token=\S+)/;

/**
 * The invitation link in the newest invitation e-mail to `to` (other mail, e.g. Cognito's, is skipped), and its token.
 */
async function invitationTo(
  stack: TestStack,
  to: string,
): Promise<{ link: string; token: string; subject: string; text: string }> {
  const mail = (await stack.local.outbox.list(to)).find((message) => message.tag === 'team-invite');
  if (!mail) throw new Error(`No invitation e-mail to ${to}`);
  const link = LINK.exec(mail.text)?.[1];
  if (!link) throw new Error(`No invitation link in: ${mail.text}`);
  return { link, token: new URL(link).searchParams.get('token')!, subject: mail.subject, text: mail.text };
}

describe('teams and invitations (embedded stack)', () => {
  let stack: TestStack;
  let owner: TestUser;
  let teamId: string;

  const invite = async (email: string, user = owner) => {
    const answer = await stack.api('POST', '/api/team/invites', { user, body: { email } });
    await stack.settle();
    return answer as { status: number; body: InviteResponse };
  };

  beforeAll(async () => {
    stack = await TestStack.start();
    owner = await stack.provenClient({ name: 'Olive Owner' });
    const created = await stack.api('POST', '/api/team', { user: owner, body: { name: 'Studio North' } });
    expect(created.status).toBe(201);
    const team = created.body as TeamResponse;
    expect(team).toMatchObject({ team: { name: 'Studio North' }, role: 'admin', invites: [] });
    expect(team.members).toEqual([
      expect.objectContaining({
        user_id: owner.sub,
        role: 'admin',
        status: 'active',
        is_self: true,
        full_name: 'Olive Owner',
      }),
    ]);
    teamId = team.team!.id;
    await stack.settle();
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('a client in no team sees no team, and cannot create a second one once in a team', async () => {
    const loner = await stack.signUpClient();
    expect((await stack.api('GET', '/api/team', { user: loner })).body).toEqual({
      team: null,
      role: null,
      members: [],
      invites: [],
    });
    expect((await stack.api('GET', '/api/me', { user: owner })).body.team).toEqual({
      id: teamId,
      name: 'Studio North',
      role: 'admin',
      status: 'active',
    });
    const again = await stack.api('POST', '/api/team', { user: owner, body: { name: 'Second' } });
    expect(again.status).toBe(409);
    const blank = await stack.api('POST', '/api/team', { user: loner, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.error?.message).toMatch(/Please enter a team name/);
  });

  it(
    'invites by e-mail, the invitee signs up, accepts ' + 'once, joins as Designer and sees the team projects',
    async () => {
      const project = await stack.api('POST', '/api/projects', {
        user: owner,
        body: minimalProject({ title: 'Team project' }),
      });
      expect(project.status).toBe(201);
      expect(project.body.project.team_id).toBe(teamId);

      const email = uniqueEmail('dana');
      const sent = await invite(email.toUpperCase());
      expect(sent.status).toBe(201);
      expect(sent.body.message).toBe(`Invite sent successfully to ${email}`);
      expect(sent.body.email_sent).toBe(true);
      expect(sent.body.invite).toMatchObject({
        invited_email: email,
        invited_role: 'designer',
        status: 'pending',
        expired: false,
        inviter_name: 'Olive Owner',
      });
      const days = (Date.parse(sent.body.invite.expires_at) - Date.parse(sent.body.invite.created_at)) / 86_400_000;
      expect(Math.round(days)).toBe(7);

      const mail = await invitationTo(stack, email);
      expect(mail.link.startsWith(`${stack.url}/accept-invite?token=`)).toBe(true);
      expect(mail.subject).toContain('Studio North');
      // Only the token's hash is stored: the raw token appears in no event.
      let stored = '';
      for await (const commit of readAll(stack.local.runtime.store)) stored += JSON.stringify(commit);
      expect(stored).not.toContain(mail.token);

      const details = await stack.api('GET', `/api/invites/${mail.token}`);
      expect(details).toEqual({
        status: 200,
        body: { invitedEmail: email, teamName: 'Studio North', inviterName: 'Olive Owner' },
      });

      const dana = await stack.provenClient({ name: 'Dana Designer' }, email);
      const accepted = await stack.api('POST', `/api/invites/${mail.token}/accept`, { user: dana });
      expect(accepted).toEqual({ status: 200, body: { team: { id: teamId, name: 'Studio North' }, role: 'designer' } });
      await stack.settle();

      // Token reuse: refused everywhere with the spec's message, nothing appended.
      const before = await stack.eventCount();
      for (const again of [
        await stack.api('POST', `/api/invites/${mail.token}/accept`, { user: dana }),
        await stack.api('GET', `/api/invites/${mail.token}`),
      ]) {
        expect(again.status).toBe(410);
        expect(again.body.error?.message).toBe('Invalid or expired invitation');
      }
      expect(await stack.eventCount()).toBe(before);

      const me = await stack.api('GET', '/api/me', { user: dana });
      expect(me.body.team).toEqual({ id: teamId, name: 'Studio North', role: 'designer', status: 'active' });
      expect(me.body.user.team_id).toBe(teamId);
      // Team roles grant no system rights.
      expect(me.body.roles).toEqual(['client']);
      expect((await stack.api('GET', `/api/audit/team-${teamId}`, { user: owner })).status).toBe(403);

      const projects = await stack.api('GET', '/api/projects', { user: dana });
      expect(projects.body.projects.map((p: { title: string }) => p.title)).toContain('Team project');

      const asMember = (await stack.api('GET', '/api/team', { user: dana })).body as TeamResponse;
      expect(asMember.role).toBe('designer');
      expect(asMember.invites).toEqual([]);
      expect(asMember.members.map((m) => [m.full_name, m.role, m.is_self])).toEqual([
        ['Olive Owner', 'admin', false],
        ['Dana Designer', 'designer', true],
      ]);
      const asAdmin = (await stack.api('GET', '/api/team', { user: owner })).body as TeamResponse;
      expect(asAdmin.invites.find((i) => i.invited_email === email)).toBeUndefined();
    },
  );

  it('a non-admin member is refused on every team-admin route, and nothing is appended', async () => {
    const email = uniqueEmail('member');
    await invite(email);
    const member = await stack.provenClient({ name: 'Mo Member' }, email);
    expect(
      (await stack.api('POST', `/api/invites/${(await invitationTo(stack, email)).token}/accept`, { user: member }))
        .status,
    ).toBe(200);
    const pending = await invite(uniqueEmail('pending'));
    const inviteId = pending.body.invite.id;
    await stack.settle();

    const before = await stack.eventCount();
    const outboxBefore = (await stack.local.outbox.list()).filter((message) => message.tag === 'team-invite').length;
    const calls: [Method, string, unknown?][] = [
      ['PATCH', `/api/team/members/${owner.sub}`, { role: 'designer' }],
      ['DELETE', `/api/team/members/${owner.sub}`],
      ['POST', '/api/team/invites', { email: uniqueEmail('sneaky') }],
      ['POST', `/api/team/invites/${inviteId}/resend`],
      ['POST', `/api/team/invites/${inviteId}/revoke`],
    ];
    for (const [method, path, body] of calls) {
      const answer = await stack.api(method, path, { user: member, body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.body.error?.message).toBe('Only team admins can manage the team.');
    }
    // Someone in no team at all is no team admin either.
    const outsider = await stack.signUpClient();
    for (const [method, path, body] of calls)
      expect((await stack.api(method, path, { user: outsider, body })).status).toBe(403);
    await stack.settle();
    expect(await stack.eventCount()).toBe(before + 1); // the outsider's registration only
    expect((await stack.local.outbox.list()).filter((message) => message.tag === 'team-invite').length).toBe(
      outboxBefore,
    );
    expect(((await stack.api('GET', '/api/team', { user: member })).body as TeamResponse).invites).toEqual([]);
  });

  it("a team admin changes another member's role and removes them; nobody changes or removes themselves", async () => {
    const email = uniqueEmail('rita');
    await invite(email);
    const rita = await stack.provenClient({ name: 'Rita Role' }, email);
    await stack.api('POST', `/api/invites/${(await invitationTo(stack, email)).token}/accept`, { user: rita });
    await stack.settle();

    const promoted = await stack.api('PATCH', `/api/team/members/${rita.sub}`, {
      user: owner,
      body: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect((promoted.body as TeamResponse).members.find((m) => m.user_id === rita.sub)?.role).toBe('admin');
    const badRole = await stack.api('PATCH', `/api/team/members/${rita.sub}`, { user: owner, body: { role: 'owner' } });
    expect(badRole.status).toBe(400);

    for (const [method, body] of [
      ['PATCH', { role: 'designer' }],
      ['DELETE', undefined],
    ] as const) {
      const self = await stack.api(method, `/api/team/members/${owner.sub}`, { user: owner, body });
      expect(self.status).toBe(403);
      expect(self.body.error?.message).toMatch(/^You cannot (change the role of|remove) yourself\.$/);
    }
    await stack.settle();
    // Rita, now a team admin, may manage others but not herself.
    expect((await stack.api('DELETE', `/api/team/members/${rita.sub}`, { user: rita })).status).toBe(403);

    const removed = await stack.api('DELETE', `/api/team/members/${rita.sub}`, { user: owner });
    expect(removed.status).toBe(200);
    expect((removed.body as TeamResponse).members.some((m) => m.user_id === rita.sub)).toBe(false);
    await stack.settle();
    expect((await stack.api('GET', '/api/me', { user: rita })).body.team).toBeNull();
    expect((await stack.api('GET', '/api/projects', { user: rita })).body.projects).toEqual([]);
    expect((await stack.api('DELETE', `/api/team/members/${rita.sub}`, { user: owner })).status).toBe(404);
  });

  it('only the invited address may accept; revoked and replaced links fail; resend mails a new link', async () => {
    const email = uniqueEmail('eve');
    const created = await invite(email);
    const first = await invitationTo(stack, email);
    const stranger = await stack.provenClient();
    const wrong = await stack.api('POST', `/api/invites/${first.token}/accept`, { user: stranger });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error?.message).toMatch(`This invitation was sent to ${email}`);

    const resent = await stack.api('POST', `/api/team/invites/${created.body.invite.id}/resend`, { user: owner });
    expect(resent.status).toBe(200);
    expect(resent.body.message).toBe(`Invitation resent to ${email}`);
    await stack.settle();
    const second = await invitationTo(stack, email);
    expect(second.token).not.toBe(first.token);
    expect((await stack.api('GET', `/api/invites/${first.token}`)).body.error?.message).toBe(
      'Invalid or expired invitation',
    );
    expect((await stack.api('GET', `/api/invites/${second.token}`)).status).toBe(200);

    const revoked = await stack.api('POST', `/api/team/invites/${created.body.invite.id}/revoke`, { user: owner });
    expect(revoked.status).toBe(200);
    expect((revoked.body as TeamResponse).invites.some((i) => i.id === created.body.invite.id)).toBe(false);
    await stack.settle();
    const eve = await stack.signUpClient({}, email);
    for (const answer of [
      await stack.api('GET', `/api/invites/${second.token}`),
      await stack.api('POST', `/api/invites/${second.token}/accept`, { user: eve }),
    ]) {
      expect(answer.status).toBe(410);
      expect(answer.body.error?.message).toBe('Invalid or expired invitation');
    }
    expect(
      (await stack.api('POST', `/api/team/invites/${created.body.invite.id}/resend`, { user: owner })).status,
    ).toBe(409);
    for (const token of ['not-a-token', 'x'.repeat(43)]) {
      const unknown = await stack.api('GET', `/api/invites/${token}`);
      expect(unknown.status).toBe(404);
      expect(unknown.body.error?.message).toBe('Invalid or expired invitation');
    }
  });

  it('an invitation expires after 7 days (the runtime clock)', async () => {
    const email = uniqueEmail('late');
    await invite(email);
    const { token } = await invitationTo(stack, email);
    const late = await stack.signUpClient({}, email);
    const runtime = stack.local.runtime;
    const realNow = runtime.now;
    try {
      runtime.now = () => new Date(realNow().getTime() + 7 * 86_400_000 - 60_000);
      expect((await stack.api('GET', `/api/invites/${token}`)).status).toBe(200);
      runtime.now = () => new Date(realNow().getTime() + 7 * 86_400_000 + 60_000);
      const before = await stack.eventCount();
      for (const answer of [
        await stack.api('GET', `/api/invites/${token}`),
        await stack.api('POST', `/api/invites/${token}/accept`, { user: late }),
      ]) {
        expect(answer.status).toBe(410);
        expect(answer.body.error?.message).toBe('Invalid or expired invitation');
      }
      expect(await stack.eventCount()).toBe(before);
      const team = (await stack.api('GET', '/api/team', { user: owner })).body as TeamResponse;
      expect(team.invites.find((i) => i.invited_email === email)?.expired).toBe(true);
    } finally {
      runtime.now = realNow;
    }
  });

  it('a failed invitation e-mail keeps the invite pending, says so, and a resend fails too', async () => {
    const email = `nobody.${Date.now().toString(36)}@example.invalid`;
    const created = await invite(email);
    expect(created.status).toBe(201);
    expect(created.body.email_sent).toBe(false);
    expect(created.body.message).toBe('Invite created but email failed to send. Please try resending.');
    expect(created.body.invite).toMatchObject({
      status: 'pending',
      sent_at: null,
      send_error: expect.stringMatching(/not a deliverable address/),
    });
    const resent = await stack.api('POST', `/api/team/invites/${created.body.invite.id}/resend`, { user: owner });
    expect(resent.status).toBe(502);
    expect(resent.body.error?.message).toBe('Failed to resend invitation');
    const history = await stack.local.runtime.store.readStream(`team-${teamId}`);
    expect(history.events.filter((e) => e.type === 'TeamInviteSendFailed').length).toBeGreaterThanOrEqual(2);
    expect((await stack.local.outbox.list(email)).filter((message) => message.tag === 'team-invite')).toEqual([]);
  });

  it('validates invitations: e-mail required, Designer only; accepting needs sign-in', async () => {
    const missing = await stack.api('POST', '/api/team/invites', { user: owner, body: { email: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.error?.message).toMatch(/Email is required/);
    const admin = await stack.api('POST', '/api/team/invites', {
      user: owner,
      body: { email: uniqueEmail(), role: 'admin' },
    });
    expect(admin.status).toBe(400);
    expect(admin.body.error?.message).toMatch('Currently, only Designer role is available for new team members.');
    expect((await stack.api('POST', `/api/invites/${'y'.repeat(43)}/accept`)).status).toBe(401);
  });

  it('the audit folds the team stream', async () => {
    const audit = await stack.api('GET', `/api/audit/team-${teamId}`, { user: await stack.admin() });
    expect(audit.status).toBe(200);
    expect(audit.body.verification.intact).toBe(true);
    expect(audit.body.state).toMatchObject({ exists: true, name: 'Studio North' });
  });

  it('a new team admin can invite at once, even when the projections are slow', async () => {
    const founder = await stack.provenClient({ name: 'Fast Founder' });
    // The first delivery of each team event to the projections fails and is retried later.
    const refused = new Set<string>();
    stack.local.bus.faults.beforeDelivery = (subscription, event) => {
      const key = `${event.streamId}@${event.version}`;
      if (subscription === 'projections' && event.streamId.startsWith('team-') && !refused.has(key)) {
        refused.add(key);
        throw new Error('slow projection');
      }
    };
    try {
      const created = await stack.api('POST', '/api/team', { user: founder, body: { name: 'Quick Studio' } });
      expect(created.status).toBe(201);
      const invited = await stack.api('POST', '/api/team/invites', {
        user: founder,
        body: { email: uniqueEmail('quick') },
      });
      expect(invited.status, JSON.stringify(invited.body)).toBe(201);
      expect(refused.size).toBeGreaterThan(0);
    } finally {
      stack.local.bus.faults.beforeDelivery = undefined;
      await stack.settle();
    }
  });
});
