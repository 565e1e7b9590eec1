import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

/**
 * Issue 18, attack 5, and issue 20: the API holds the wizard's rules (shared/project-brief.ts). A
 * value outside the catalogue, a padded description or an area at or below 0 is refused with 400 and
 * appends nothing; an admin submits on a client's behalf, a designer may not submit at all.
 */
let stack: TestStack;
let client: TestUser;
let otherClient: TestUser;
let admin: TestUser;
let designer: TestUser;

const brief = (overrides: Record<string, unknown> = {}) => {
  const { checklist: _c, total_estimated_hours: _t, estimated_turnaround_days: _e, ...rest } = minimalProject();
  return { ...rest, ...overrides };
};

beforeAll(async () => {
  delete process.env.BEDROCK_MODEL_ID;
  stack = await TestStack.start();
  [client, otherClient, admin, designer] = await Promise.all([
    stack.signUpClient({ name: 'Cleo Client' }),
    stack.signUpClient(),
    stack.admin(),
    stack.designer(),
  ]);
});
afterAll(() => stack?.stop());

async function refused(path: string, user: TestUser, body: unknown, message: RegExp, status = 400) {
  const before = await stack.eventCount();
  const answer = await stack.api('POST', path, { user, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(answer.body.error?.message).toMatch(message);
  await stack.settle();
  expect(await stack.eventCount()).toBe(before);
}

describe('attack 5: values outside the catalogue', () => {
  const outside: [string, Record<string, unknown>, RegExp][] = [
    ['a project type that does not exist', { project_type: 'Not A Real Type' }, /project type/i],
    [
      'a permit type on a design project',
      { project_type: 'New Construction Permit Set', deliverables: ['Floor Plan'] },
      /project type/i,
    ],
    ['a property type that does not exist', { property_type: 'castle' }, /property type/i],
    ['a permit property type on a design project', { property_type: 'commercial' }, /property type/i],
    ['a deliverable of another type', { deliverables: ['Layout Plan', 'Floor Plan'] }, /deliverables/i],
    ['an invented deliverable', { deliverables: ['Free Espresso Machine'] }, /deliverables/i],
    ['an invented room', { room_selection: ['Kitchen', 'Throne Room'] }, /rooms/i],
    ['an invented design priority', { design_priority: ['Cheapest Possible'] }, /design priorities/i],
  ];
  for (const [what, overrides, message] of outside) {
    it(`POST /api/projects refuses ${what} with 400 and appends nothing`, async () => {
      await refused('/api/projects', client, minimalProject(overrides), message);
    });
  }
  it('POST /api/checklists refuses the same briefs', async () => {
    await refused('/api/checklists', client, brief({ project_type: 'Not A Real Type' }), /project type/i);
    await refused('/api/checklists', client, brief({ deliverables: ['Free Espresso Machine'] }), /deliverables/i);
  });
  it('accepts what the catalogue offers', async () => {
    const answer = await stack.api('POST', '/api/projects', { user: client, body: minimalProject() });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  });
});

describe('the wizard rules hold before the AI step', () => {
  it(
    'a 40-character description padded with spaces to 300 ' + 'is refused by the checklist route, not only at the end',
    async () => {
      await refused(
        '/api/checklists',
        client,
        brief({ description: `${'x'.repeat(40)}${' '.repeat(260)}` }),
        /Description must be at least 300 characters/,
      );
      await refused(
        '/api/projects',
        client,
        minimalProject({ description: `${'x'.repeat(40)}${' '.repeat(260)}` }),
        /Description must be at least 300 characters/,
      );
    },
  );
  it('an area of 0 or below is refused by both routes', async () => {
    for (const area_sqft of [0, -20]) {
      await refused('/api/checklists', client, brief({ area_sqft }), /Building area must be greater than 0/);
      await refused('/api/projects', client, minimalProject({ area_sqft }), /Building area must be greater than 0/);
    }
  });
  it("a permit brief needs the permit's fields already for the checklist", async () => {
    await refused(
      '/api/checklists',
      client,
      brief({
        project_category: 'Permit',
        project_type: 'ADU / Addition Permit Set',
        property_type: 'adu',
        deliverables: ['Site Plan'],
        design_priority: [],
        room_selection: [],
        permit_needs: null,
        project_address: null,
      }),
      /Permit scope summary is required/,
    );
  });
});

describe("an admin submits on a client's behalf", () => {
  it("the project is the client's, the history says the admin submitted it", async () => {
    const checklist = await stack.api('POST', '/api/checklists', { user: admin, body: brief() });
    expect(checklist.status, JSON.stringify(checklist.body)).toBe(200);
    const created = await stack.api('POST', '/api/projects', {
      user: admin,
      body: minimalProject({ client_id: client.sub, title: 'On behalf' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const project = created.body.project;
    expect(project).toMatchObject({ user_id: client.sub, created_by: admin.sub, title: 'On behalf' });
    await stack.settle();
    const mine = await stack.api('GET', '/api/projects', { user: client });
    expect(mine.body.projects.map((p: { id: string }) => p.id)).toContain(project.id);
    const theirs = await stack.api('GET', '/api/projects', { user: otherClient });
    expect(theirs.body.projects.map((p: { id: string }) => p.id)).not.toContain(project.id);
    const audit = await stack.api('GET', `/api/audit/project-${project.id}`, { user: admin });
    expect(audit.body.events[0]).toMatchObject({ type: 'ProjectSubmitted', actor: { sub: admin.sub, role: 'admin' } });

    // The wizard's files go with it: the admin adds them as the client's files.
    const presigned = await stack.api('POST', `/api/projects/${project.id}/uploads`, {
      user: admin,
      body: { file_name: 'survey.pdf', content_type: 'application/pdf', file_size: 9, file_type: 'client_upload' },
    });
    expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
    const form = new FormData();
    for (const [name, value] of Object.entries(presigned.body.upload.fields as Record<string, string>))
      form.append(name, value);
    form.append('file', new Blob([new TextEncoder().encode('%PDF-1.4\n')], { type: 'application/pdf' }), 'survey.pdf');
    expect((await fetch(presigned.body.upload.url, { method: 'POST', body: form })).ok).toBe(true);
    const recorded = await stack.api('POST', `/api/projects/${project.id}/files`, {
      user: admin,
      body: { key: presigned.body.key },
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    expect(recorded.body.file).toMatchObject({ file_type: 'client_upload', file_name: 'survey.pdf' });
    // Another client still cannot.
    const foreign = await stack.api('POST', `/api/projects/${project.id}/uploads`, {
      user: otherClient,
      body: { file_name: 'x.pdf', content_type: 'application/pdf', file_size: 9, file_type: 'client_upload' },
    });
    expect(foreign.status).toBeGreaterThanOrEqual(403);
  });
  it('needs a client account: none, an unknown one, the admin or a designer is refused', async () => {
    await refused('/api/projects', admin, minimalProject(), /Choose the client this project is for/);
    await refused('/api/projects', admin, minimalProject({ client_id: 'no-such-user' }), /choose a client/);
    await refused('/api/projects', admin, minimalProject({ client_id: admin.sub }), /choose a client/);
    await refused('/api/projects', admin, minimalProject({ client_id: designer.sub }), /choose a client/);
  });
  it('a client cannot submit for another client; a designer cannot submit at all', async () => {
    await refused(
      '/api/projects',
      client,
      minimalProject({ client_id: otherClient.sub }),
      /Only admins submit projects on behalf/,
      403,
    );
    await refused(
      '/api/projects',
      designer,
      minimalProject(),
      /^Projects are submitted by clients, or by an admin on a client's behalf\.$/,
      403,
    );
    await refused(
      '/api/checklists',
      designer,
      brief(),
      /^Projects are submitted by clients, or by an admin on a client's behalf\.$/,
      403,
    );
  });
});
