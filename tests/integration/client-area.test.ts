import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

/**
 * The client area's API (issue 7): GET /api/projects (one projection query per partition), the
 * project detail with its permissions, and who sees what: the owner, a second client, a team member.
 */
let stack: TestStack;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  owner = await stack.signUpClient({
    name: 'Olive Owner',
    'custom:company': 'Owner & Co',
    'custom:phone': '+1 555 000 1111',
  });
  stranger = await stack.signUpClient({ name: 'Sam Stranger' });
});
afterAll(() => stack?.stop());

/**
 * A real team: the lead creates it (POST /api/team), invites the member by e-mail, and the member
 * accepts with the token from the e-mail in the local outbox (POST /api/invites/{token}/accept).
 */
async function makeTeam(lead: TestUser, member: TestUser): Promise<string> {
  const team = await stack.api('POST', '/api/team', {
    user: lead,
    body: { name: `Studio ${Date.now().toString(36)}` },
  });
  expect(team.status, JSON.stringify(team.body)).toBeLessThan(300);
  // No settling here: creating a team answers once the caller's membership is readable.
  const invite = await stack.api('POST', '/api/team/invites', {
    user: lead,
    body: { email: member.email, role: 'designer' },
  });
  expect(invite.status, JSON.stringify(invite.body)).toBe(201);
  const [mail] = await stack.local.outbox.list(member.email);
  const token = decodeURIComponent(/token=([^\s&]+)/.exec(mail!.text)![1]!);
  const accepted = await stack.api('POST', `/api/invites/${encodeURIComponent(token)}/accept`, { user: member });
  expect(accepted.status, JSON.stringify(accepted.body)).toBeLessThan(300);
  await stack.settle();
  const me = await stack.api('GET', '/api/me', { user: member });
  const teamId = me.body.user.team_id;
  if (!teamId) throw new Error(`no team after accepting: ${JSON.stringify(me.body)}`);
  return teamId;
}

describe('a new client', () => {
  it('has no projects, then sees the submitted one in the list and in its detail', async () => {
    const empty = await stack.api('GET', '/api/projects', { user: owner });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ projects: [] });

    const created = await stack.api('POST', '/api/projects', {
      user: owner,
      body: minimalProject({ title: 'Owner project', inspiration_links: ['https://example.com/board'] }),
    });
    expect(created.status).toBe(201);
    const id = created.body.project.id;
    await stack.settle();

    const list = await stack.api('GET', '/api/projects', { user: owner });
    expect(list.body.projects).toHaveLength(1);
    const card = list.body.projects[0];
    expect(card).toMatchObject({
      id,
      title: 'Owner project',
      status: 'queued',
      checklist_total: 2,
      checklist_completed: 0,
      // No checklist step's receipt: the client's own checklist, so no AI flag (derived from the origin).
      checklist_origin: 'manual',
      grok_generated: false,
    });
    // Cards are light: no description, checklist or files; clients get no client join.
    expect(card).not.toHaveProperty('description');
    expect(card).not.toHaveProperty('checklist');
    expect(card).not.toHaveProperty('client');

    const detail = await stack.api('GET', `/api/projects/${id}`, { user: owner });
    expect(detail.status).toBe(200);
    expect(
      detail.body.project.checklist.map((task: { task_name: string; completed: boolean }) => [
        task.task_name,
        task.completed,
      ]),
    ).toEqual([
      ['Site measurements review', false],
      ['Layout options', false],
    ]);
    expect(detail.body.project.inspiration_links).toEqual(['https://example.com/board']);
    expect(detail.body.permissions).toEqual({
      role: 'client',
      can_manage: false,
      can_work: false,
      can_set_designer_status: false,
      can_moderate: false,
    });
    expect(detail.body).not.toHaveProperty('client');

    const activity = await stack.api('GET', `/api/projects/${id}/activity`, { user: owner });
    expect(activity.status).toBe(200);
    expect(activity.body.comments).toEqual([]);
    expect(activity.body.entries.map((entry: { action: string }) => entry.action)).toEqual(['Project submitted']);
    expect(activity.body.entries[0].author).toMatchObject({ id: owner.sub, full_name: 'Olive Owner' });
  });

  it('a second client sees none of it: not in the list, 404 for the detail, the activity and the files', async () => {
    const [project] = (await stack.api('GET', '/api/projects', { user: owner })).body.projects;
    const list = await stack.api('GET', '/api/projects', { user: stranger });
    expect(list.body.projects).toEqual([]);
    for (const path of [`/api/projects/${project.id}`, `/api/projects/${project.id}/activity`]) {
      const answer = await stack.api('GET', path, { user: stranger });
      expect(answer.status, path).toBe(404);
      expect(answer.body.error).toEqual({ code: 'NOT_FOUND', message: 'Project not found' });
    }
  });
});

describe('teams', () => {
  it('a member of the team sees the team projects (and their own), an outsider does not', async () => {
    // A team is built on proven addresses (issue 34).
    const lead = await stack.provenClient({ name: 'Tara Lead' });
    const member = await stack.provenClient({ name: 'Milo Member' });
    const teamId = await makeTeam(lead, member);

    const teamProject = await stack.api('POST', '/api/projects', {
      user: lead,
      body: minimalProject({ title: 'Team project' }),
    });
    expect(teamProject.body.project.team_id).toBe(teamId);
    const own = await stack.api('POST', '/api/projects', {
      user: member,
      body: minimalProject({ title: 'Member project' }),
    });
    await stack.settle();

    const seen = await stack.api('GET', '/api/projects', { user: member });
    expect(seen.body.projects.map((p: { title: string }) => p.title)).toEqual(['Member project', 'Team project']);
    const detail = await stack.api('GET', `/api/projects/${teamProject.body.project.id}`, { user: member });
    expect(detail.status).toBe(200);
    expect((await stack.api('GET', `/api/projects/${own.body.project.id}`, { user: lead })).status).toBe(200);

    expect((await stack.api('GET', '/api/projects', { user: stranger })).body.projects).toEqual([]);
    expect((await stack.api('GET', `/api/projects/${teamProject.body.project.id}`, { user: stranger })).status).toBe(
      404,
    );
  });
});

describe('admins', () => {
  it('see every project with its client, and the client panel with phone and subscription in the detail', async () => {
    const admin = await stack.admin();
    const list = await stack.api('GET', '/api/projects', { user: admin });
    const card = list.body.projects.find((p) => p.title === 'Owner project')!;
    expect(card.client).toEqual({ id: owner.sub, full_name: 'Olive Owner', email: owner.email, company: 'Owner & Co' });

    const detail = await stack.api('GET', `/api/projects/${card.id}`, { user: admin });
    expect(detail.body.client).toMatchObject({
      id: owner.sub,
      full_name: 'Olive Owner',
      company: 'Owner & Co',
      phone: '+1 555 000 1111',
      subscription_tier: null,
    });
    expect(detail.body.permissions).toMatchObject({
      role: 'admin',
      can_manage: true,
      can_work: true,
      can_moderate: true,
    });
  });

  it('filter the list by status, priority, designer, text and dates; bad filters are a 400', async () => {
    const admin = await stack.admin();
    const titles = async (query: '' | `?${string}`) =>
      (await stack.api('GET', `/api/projects${query}`, { user: admin })).body.projects
        .map((p: { title: string }) => p.title)
        .sort();
    expect(await titles('?q=owner')).toEqual(['Owner project']);
    expect(await titles('?status=delivered')).toEqual([]);
    const all = (await titles('')).length;
    expect(all).toBeGreaterThanOrEqual(3);
    expect((await titles('?status=queued&priority=Normal&designer=unassigned')).length).toBe(all);
    expect(await titles('?priority=Urgent')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    expect((await titles(`?from=${today}&to=${today}`)).length).toBe(all);
    expect(await titles('?to=2000-01-01')).toEqual([]);
    const bad = await stack.api('GET', '/api/projects?status=lost', { user: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('INVALID_INPUT');
  });
});
