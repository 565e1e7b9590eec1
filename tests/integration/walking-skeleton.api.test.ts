import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

let stack: TestStack;
let client: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  client = await stack.signUpClient({
    'custom:company': 'Oak & Iron',
    'custom:user_type': 'contractor',
    'custom:phone': '5551234567',
  });
});
afterAll(() => stack?.stop());

describe('walking skeleton through the API', () => {
  it('sign-up records UserRegistered and the profile projection answers /api/me', async () => {
    const me = await stack.api('GET', '/api/me', { user: client });
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({
      id: client.sub,
      email: client.email,
      full_name: 'Test Client',
      company: 'Oak & Iron',
      user_type: 'contractor',
      phone: '5551234567',
    });
    expect(me.body.user.created_at).toMatch(/^\d{4}-/);
    const stream = await stack.local.runtime.store.readStream(`user-${client.sub}`);
    expect(stream.events.map((e) => e.type)).toEqual(['UserRegistered']);
  });

  it('a submitted project reaches the board projection', async () => {
    const created = await stack.api('POST', '/api/projects', { user: client, body: minimalProject() });
    expect(created.status).toBe(201);
    expect(created.body.project).toMatchObject({
      status: 'queued',
      total_estimated_hours: 6.5,
      estimated_turnaround_days: 3,
      user_id: client.sub,
    });
    await stack.settle();
    const list = await stack.api('GET', '/api/projects', { user: client });
    expect(list.status).toBe(200);
    expect(list.body.projects.map((p: { id: string }) => p.id)).toContain(created.body.project.id);
    const card = list.body.projects.find((p: { id: string }) => p.id === created.body.project.id);
    expect(card).toMatchObject({ title: 'Ranch house refresh', checklist_total: 2, checklist_completed: 0 });
    expect(card).not.toHaveProperty('checklist');
    const detail = await stack.api('GET', `/api/projects/${created.body.project.id}`, { user: client });
    expect(detail.body.project.checklist).toHaveLength(2);
  });

  it('another client neither lists nor reads the project; an admin does', async () => {
    const [project] = (await stack.api('GET', '/api/projects', { user: client })).body.projects;
    const other = await stack.signUpClient();
    expect((await stack.api('GET', '/api/projects', { user: other })).body.projects).toEqual([]);
    expect((await stack.api('GET', `/api/projects/${project.id}`, { user: other })).status).toBe(404);
    const admin = await stack.admin();
    expect((await stack.api('GET', `/api/projects/${project.id}`, { user: admin })).status).toBe(200);
  });

  it('a designer may not submit projects', async () => {
    const designer = await stack.designer();
    const before = await stack.eventCount();
    const refused = await stack.api('POST', '/api/projects', { user: designer, body: minimalProject() });
    expect(refused.status).toBe(403);
    expect(refused.body.error?.message).toBe("Projects are submitted by clients, or by an admin on a client's behalf.");
    expect(await stack.eventCount()).toBe(before);
  });

  it('refuses calls without a valid token', async () => {
    expect((await stack.api('GET', '/api/projects')).status).toBe(401);
    expect(
      (await stack.api('GET', '/api/projects', { user: { ...client, idToken: `${client.idToken.slice(0, -4)}AAAA` } }))
        .status,
    ).toBe(401);
  });
});

describe('bad input to POST /api/projects', () => {
  const cases: [string, { body?: unknown; rawBody?: string }, RegExp][] = [
    ['not JSON', { rawBody: '{"title":' }, /not valid JSON/],
    ['no body', { rawBody: '' }, /Invalid request body/],
    ['an array', { body: [] }, /Invalid request body/],
    ['a missing title', { body: minimalProject({ title: undefined }) }, /title/],
    ['a blank title', { body: minimalProject({ title: '   ' }) }, /Title is required/],
    ['a wrong category', { body: minimalProject({ project_category: 'Garden' }) }, /project_category/],
    ['no deliverables', { body: minimalProject({ deliverables: [] }) }, /Select at least one deliverable/],
    ['a short description', { body: minimalProject({ description: 'Too short' }) }, /at least 300 characters/],
    ['a string for a number', { body: minimalProject({ area_sqft: '1200' }) }, /area_sqft/],
    [
      'a negative hour estimate',
      { body: minimalProject({ checklist: [{ task_name: 'x', estimated_hours: -1 }] }) },
      /estimated_hours/,
    ],
    [
      'an unnamed task',
      { body: minimalProject({ checklist: [{ task_name: ' ', estimated_hours: 1 }] }) },
      /Please fill in all task names/,
    ],
    ['a huge title', { body: minimalProject({ title: 'x'.repeat(10_000) }) }, /title/],
    ['a link that is not a URL', { body: minimalProject({ inspiration_links: ['javascript:alert(1)x y'] }) }, /URL/],
    [
      'a permit project without an address',
      {
        body: minimalProject({
          project_category: 'Permit',
          project_type: 'New Construction Permit Set',
          deliverables: ['Floor Plan'],
          permit_needs: 'New build',
          project_address: null,
        }),
      },
      /Project address/,
    ],
  ];
  it.each(cases)('answers 400 with a readable message for %s, and appends nothing', async (_name, input, message) => {
    const before = await stack.eventCount();
    const response = await stack.api('POST', '/api/projects', { user: client, ...input });
    expect(response.status).toBe(400);
    expect(response.body.error?.message).toMatch(message);
    expect(await stack.eventCount()).toBe(before);
  });

  it('answers 404 for an unknown route and 400 for a malformed project id', async () => {
    expect((await stack.api('GET', '/api/nothing-here', { user: client })).status).toBe(404);
    const bad = await stack.api('GET', '/api/projects/..%2F..%2Fetc', { user: client });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/Unknown project id/);
  });
});
