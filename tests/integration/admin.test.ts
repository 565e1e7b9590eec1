import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectStatusChanged } from '../../functions/features/projects/events.js';
import { newId } from '../../functions/platform/ids.js';
import { givenHistory } from '../support/given-stack.js';
import { by, type HistoryEvent } from '../support/given-when-then.js';
import { actor, projectSubmitted } from '../support/history.js';
import { TestStack, type TestUser } from '../support/stack.js';

/**
 * The admin's screens: bulk changes, the Users tab, the global activity. Each test gives the
 * projects it works on as events, so none depends on the statuses another left behind.
 */
let stack: TestStack;
let admin: TestUser;
let designer: TestUser;
let alice: TestUser;
let bob: TestUser;

async function eventsOf(streamId: string) {
  return (await stack.local.runtime.store.readStream(streamId)).events;
}

/** Projects of `owner`, one per title, each followed by `then` (status changes, by the admin). */
async function givenProjects(
  owner: TestUser,
  titles: string[],
  then: HistoryEvent[][] = [],
  extra: Partial<Parameters<typeof projectSubmitted>[0]> = {},
) {
  const ids = titles.map(() => newId());
  await givenHistory(
    stack,
    Object.fromEntries(
      ids.map((id, index) => [
        `project-${id}`,
        [
          by(
            actor(owner, 'client'),
            projectSubmitted({ ...extra, project_id: id, user_id: owner.sub, title: titles[index]! }),
          ),
          ...(then[index] ?? []),
        ],
      ]),
    ),
  );
  return ids;
}
const statusChange = (from: 'queued' | 'in_progress' | 'needs_revision' | 'delivered', to: typeof from) =>
  by(actor(admin, 'admin'), ProjectStatusChanged.create({ from, to }));
const givenPermitProject = async () =>
  (
    await givenProjects(bob, ['Permit for the garage'], [], {
      project_category: 'Permit',
      project_type: 'ADU / Addition Permit Set',
      property_type: 'adu',
      deliverables: ['Site Plan', 'Floor Plan'],
      permit_needs: 'Garage conversion',
      project_address: '1 Main St',
    })
  )[0]!;

beforeAll(async () => {
  stack = await TestStack.start();
  [admin, designer] = await Promise.all([stack.admin(), stack.designer()]);
  alice = await stack.signUpClient({
    name: 'Alice Architect',
    'custom:company': 'Arc Studio',
    'custom:phone': '5550001111',
  });
  // Bob will build a team, which needs a proven address (issue 34).
  bob = await stack.provenClient({ name: 'Bob Builder', 'custom:user_type': 'contractor' });
}, 120_000);
afterAll(() => stack?.stop());

describe('POST /api/projects/bulk', () => {
  it('changes the status of several projects, one event per project', async () => {
    const aliceProjects = await givenProjects(alice, ['Kitchen remodel', 'Garden studio', 'Loft conversion']);
    const before = await stack.eventCount();
    const response = await stack.api('POST', '/api/projects/bulk', {
      user: admin,
      body: { ids: aliceProjects, status: 'in_progress' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 3, failed: [] });
    expect(await stack.eventCount()).toBe(before + 3);
    for (const id of aliceProjects) {
      const events = await eventsOf(`project-${id}`);
      expect(events.at(-1)).toMatchObject({
        type: 'ProjectStatusChanged',
        data: { from: 'queued', to: 'in_progress' },
        actor: { sub: admin.sub, role: 'admin' },
      });
    }
    await stack.settle();
    const list = await stack.api('GET', '/api/projects?status=in_progress', { user: admin });
    expect(list.body.projects.map((p) => p.id)).toEqual(expect.arrayContaining(aliceProjects));
  });

  it('assigns a registered designer by id (with their name) and unassigns', async () => {
    const aliceProjects = await givenProjects(alice, ['Kitchen remodel', 'Garden studio']);
    const assigned = await stack.api('POST', '/api/projects/bulk', {
      user: admin,
      body: { ids: aliceProjects.slice(0, 2), designer: designer.sub },
    });
    expect(assigned.body).toEqual({ updated: 2, failed: [] });
    const [event] = (await eventsOf(`project-${aliceProjects[0]}`)).slice(-1);
    expect(event).toMatchObject({
      type: 'DesignerAssigned',
      data: { designer_id: designer.sub, designer_name: 'Dana Designer' },
    });
    await stack.settle();
    const mine = await stack.api('GET', '/api/projects', { user: designer });
    expect(mine.body.projects.map((p) => p.id)).toEqual(expect.arrayContaining(aliceProjects));
    const byDesigner = await stack.api('GET', `/api/projects?designer=${designer.sub}`, { user: admin });
    expect(byDesigner.body.projects.map((p) => p.id)).toEqual(expect.arrayContaining(aliceProjects));

    const unassigned = await stack.api('POST', '/api/projects/bulk', {
      user: admin,
      body: { ids: [aliceProjects[1]], designer: null },
    });
    expect(unassigned.body).toEqual({ updated: 1, failed: [] });
    expect((await eventsOf(`project-${aliceProjects[1]}`)).at(-1)!.type).toBe('DesignerUnassigned');
  });

  it('assigns a pre-authorised designer by e-mail, and refuses an e-mail that is no designer', async () => {
    const bobProject = await givenPermitProject();
    const refused = await stack.api('POST', '/api/projects/bulk', {
      user: admin,
      body: { ids: [bobProject], designer: 'new.designer@example.test' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toBe('Designer not found');
    expect(
      (await stack.api('POST', '/api/designers', { user: admin, body: { email: 'new.designer@example.test' } })).status,
    ).toBe(201);
    await stack.settle();
    const response = await stack.api('POST', '/api/projects/bulk', {
      user: admin,
      body: { ids: [bobProject], designer: 'New.Designer@Example.test' },
    });
    expect(response.body).toEqual({ updated: 1, failed: [] });
    expect((await eventsOf(`project-${bobProject}`)).at(-1)).toMatchObject({
      type: 'DesignerAssigned',
      data: { designer_id: null, designer_email: 'new.designer@example.test' },
    });
  });

  it('reports projects it could not update and goes on with the others', async () => {
    const bobProject = await givenPermitProject();
    const missing = '01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const response = await stack.api('POST', '/api/projects/bulk', {
      user: admin,
      body: { ids: [missing, bobProject], status: 'needs_revision' },
    });
    expect(response.status).toBe(200);
    expect(response.body.updated).toBe(1);
    expect(response.body.failed).toEqual([{ id: missing, code: 'NOT_FOUND', message: 'Project not found' }]);
  });

  const bad: [string, unknown, RegExp][] = [
    ['no projects', { ids: [], status: 'queued' }, /Please select projects first/],
    [
      'both changes',
      { ids: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'], status: 'queued', designer: null },
      /either status or designer/,
    ],
    ['neither change', { ids: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'] }, /either status or designer/],
    ['an unknown status', { ids: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'], status: 'completed' }, /status/],
    ['a malformed id', { ids: ['../etc'], status: 'queued' }, /Unknown project id/],
    [
      'an extra field',
      { ids: ['01ARZ3NDEKTSV4RRFFQ69G5FAV'], status: 'queued', priority: 'Urgent' },
      /priority|Unrecognized/i,
    ],
  ];
  it.each(bad)('answers 400 for %s and appends nothing', async (_name, body, message) => {
    const before = await stack.eventCount();
    const response = await stack.api('POST', '/api/projects/bulk', { user: admin, body });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toMatch(message);
    expect(await stack.eventCount()).toBe(before);
  });

  it('refuses an unknown designer id with 400', async () => {
    const bobProject = await givenPermitProject();
    const before = await stack.eventCount();
    const response = await stack.api('POST', '/api/projects/bulk', {
      user: admin,
      body: { ids: [bobProject], designer: 'no-such-user' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toBe('Designer not found');
    expect(await stack.eventCount()).toBe(before);
  });
});

describe('GET /api/users and /api/users/{id}', () => {
  it('lists every profile with roles, the Role column and the four counts', async () => {
    await stack.settle();
    const response = await stack.api('GET', '/api/users', { user: admin });
    expect(response.status).toBe(200);
    const { users, stats } = response.body;
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get(alice.email)).toMatchObject({
      id: alice.sub,
      full_name: 'Alice Architect',
      company: 'Arc Studio',
      phone: '5550001111',
      roles: ['client'],
      role_label: 'Architect',
      subscription: null,
    });
    expect(byEmail.get(bob.email)).toMatchObject({
      roles: ['client'],
      role_label: 'Contractor',
      user_type: 'contractor',
    });
    expect(byEmail.get(stack.local.seeded.admin.email)).toMatchObject({ roles: ['admin'], role_label: 'Admin' });
    expect(byEmail.get(stack.local.seeded.designer.email)).toMatchObject({
      roles: ['designer'],
      role_label: 'Designer',
    });
    expect(stats).toEqual({ total_users: 4, active_subscriptions: 0, architects: 1, designers: 1 });
    // Newest first.
    expect(users.map((u) => u.email).indexOf(bob.email)).toBeLessThan(users.map((u) => u.email).indexOf(alice.email));
  });

  it('gives the team with its members when the user is in one', async () => {
    expect((await stack.api('POST', '/api/team', { user: bob, body: { name: 'Builders' } })).status).toBeLessThan(300);
    await stack.settle();
    const response = await stack.api('GET', `/api/users/${bob.sub}`, { user: admin });
    expect(response.body.team).toMatchObject({
      name: 'Builders',
      members: [{ user_id: bob.sub, full_name: 'Bob Builder', email: bob.email, role: 'admin', active: true }],
    });
  });

  it("gives a user's overview with project statistics, projects and no team", async () => {
    // A client of her own: her 3 projects in progress; the admin delivers one.
    const carol = await stack.signUpClient({ name: 'Carol Client' });
    const inProgress = [statusChange('queued', 'in_progress')];
    const projects = await givenProjects(
      carol,
      ['Kitchen remodel', 'Garden studio', 'Loft conversion'],
      [inProgress, inProgress, inProgress],
    );
    await stack.api('POST', '/api/projects/bulk', { user: admin, body: { ids: [projects[2]], status: 'delivered' } });
    await stack.settle();
    const response = await stack.api('GET', `/api/users/${carol.sub}`, { user: admin });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ id: carol.sub, email: carol.email });
    expect(response.body.statistics).toEqual({ total: 3, active: 2, completed: 1 });
    expect(response.body.projects).toHaveLength(3);
    expect(response.body.projects.find((p) => p.id === projects[2])).toMatchObject({
      title: 'Loft conversion',
      project_type: 'Concept Design',
      status: 'delivered',
    });
    expect(response.body.team).toBeNull();
  });

  it("answers 'User not found' for an unknown user", async () => {
    const response = await stack.api('GET', '/api/users/00000000-0000-0000-0000-000000000000', { user: admin });
    expect(response.status).toBe(404);
    expect(response.body.error?.message).toBe('User not found');
  });
});

describe('GET /api/activity', () => {
  let counter = 0;
  /** Two projects worked by the admin, their titles marked with a word no other test uses. */
  async function givenWorkedProjects() {
    const word = `w${Date.now().toString(36)}x${(counter += 1)}`;
    await givenProjects(
      alice,
      [`Loft conversion ${word}`],
      [[statusChange('queued', 'in_progress'), statusChange('in_progress', 'delivered')]],
    );
    await givenProjects(bob, [`Permit for the garage ${word}`], [[statusChange('queued', 'needs_revision')]]);
    return word;
  }

  it('lists every project’s activity newest first, with names and kinds', async () => {
    const word = await givenWorkedProjects();
    const response = await stack.api('GET', '/api/activity', { user: admin });
    expect(response.status).toBe(200);
    const activities = response.body.activities;
    const times = activities.map((a) => a.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(
      activities.find((a) => a.action === 'Project submitted' && a.project_title === `Loft conversion ${word}`),
    ).toMatchObject({ user_name: 'Alice Architect', kind: 'other' });
    expect(
      activities.find(
        (a) => a.action === 'Status updated to Delivered' && a.project_title === `Loft conversion ${word}`,
      ),
    ).toMatchObject({ user_name: 'Avery Admin', kind: 'status' });
  });

  it('filters by kind and by text', async () => {
    const word = await givenWorkedProjects();
    const status = await stack.api('GET', `/api/activity?type=status&q=${word}`, { user: admin });
    expect(status.body.activities.map((a) => a.action).sort()).toEqual([
      'Status updated to Delivered',
      'Status updated to In Progress',
      'Status updated to Needs Revision',
    ]);
    expect(status.body.activities.every((a) => a.kind === 'status')).toBe(true);
    const comments = await stack.api('GET', `/api/activity?type=comments&q=${word}`, { user: admin });
    expect(comments.body.activities).toEqual([]);
    const text = await stack.api('GET', `/api/activity?q=${word}`, { user: admin });
    expect(new Set(text.body.activities.map((a) => a.project_title))).toEqual(
      new Set([`Loft conversion ${word}`, `Permit for the garage ${word}`]),
    );
    const bad = await stack.api('GET', '/api/activity?type=everything', { user: admin });
    expect(bad.status).toBe(400);
  });

  it('keeps at most 100 entries', async () => {
    // 4 projects x 25 status changes, and their submissions: over 100 entries in all.
    const worked = Array.from({ length: 25 }, (_, i) =>
      i % 2 ? statusChange('in_progress', 'queued') : statusChange('queued', 'in_progress'),
    );
    await givenProjects(alice, ['One', 'Two', 'Three', 'Four'], [worked, worked, worked, worked]);
    const response = await stack.api('GET', '/api/activity', { user: admin });
    expect(response.body.activities).toHaveLength(100);
    // 104 events through every projection: over the default minute when the machine is shared.
  }, 180_000);
});
