import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DesignerAssigned } from '../../functions/features/projects/events.js';
import { newId } from '../../functions/platform/ids.js';
import type { Method } from '../support/api-routes.js';
import { givenHistory } from '../support/given-stack.js';
import { by } from '../support/given-when-then.js';
import { actor, projectSubmitted } from '../support/history.js';
import { TestStack, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Working the projects (issue 8): the management dialog's PATCH, the designer's status selector and
 * checklist toggles, with the spec's log texts; every refusal is 403 with a message and appends nothing.
 * Each test states the project it works on as events, so none depends on another's leftovers.
 */
let stack: TestStack;
let owner: TestUser;
let admin: TestUser;
let designer: TestUser;

const PASSWORD = 'CorrectHorse#2026';

beforeAll(async () => {
  stack = await TestStack.start();
  owner = await stack.signUpClient({ name: 'Olive Owner' });
  admin = await stack.admin();
  designer = await stack.designer();
});
afterAll(() => stack?.stop());

/** The owner's project, as submitted; with `assigned`, the seeded designer (Dana) works it. */
async function givenProject(title: string, options: { assigned?: boolean } = {}) {
  const projectId = newId();
  await givenHistory(stack, {
    [`project-${projectId}`]: [
      by(actor(owner, 'client'), projectSubmitted({ project_id: projectId, user_id: owner.sub, title })),
      ...(options.assigned
        ? [
            by(
              actor(admin, 'admin'),
              DesignerAssigned.create({
                designer_id: designer.sub,
                designer_email: null,
                designer_name: 'Dana Designer',
              }),
            ),
          ]
        : []),
    ],
  });
  return projectId;
}

const actions = async (id: string) =>
  (await stack.api('GET', `/api/projects/${id}/activity`, { user: admin })).body.entries as {
    action: string;
    details: string | null;
  }[];

/** Sends a request that must be refused with 403 and a message, and checks nothing was appended. */
async function refused(method: Method, path: string, user: TestUser, body?: unknown) {
  const before = await stack.eventCount();
  const answer = await stack.api(method, path, { user, body });
  expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBe(403);
  expect(answer.body.error?.code).toBe('FORBIDDEN');
  expect(answer.body.error?.message.length).toBeGreaterThan(10);
  expect(await stack.eventCount()).toBe(before);
  return answer.body.error?.message as string;
}

describe('assignment by e-mail before the designer has an account', () => {
  it(
    'the admin pre-authorises and assigns an e-mail; ' + 'the designer registers, links and finds the project',
    async () => {
      const projectId = await givenProject('Assigned by e-mail');
      const email = uniqueEmail('designer');
      expect((await stack.api('POST', '/api/designers', { user: admin, body: { email } })).status).toBeLessThan(300);
      const assigned = await stack.api('PATCH', `/api/projects/${projectId}`, {
        user: admin,
        body: { designer: { designer_email: email.toUpperCase() } },
      });
      expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
      expect(assigned.body.project).toMatchObject({ assigned_designer_id: null, assigned_designer_email: email });
      await stack.settle();
      expect((await actions(projectId)).map((e) => [e.action, e.details])).toContainEqual(['Designer assigned', email]);

      // The admin's list names the assignment; the designer registers afterwards.
      let newDesigner = await stack.provenClient({ name: 'Nova Designer' }, email);
      // The address is proven by following the invitation link mailed when the admin added it.
      const [invitation] = (await stack.local.outbox.list(email)).filter((mail) => mail.tag === 'designer-invite');
      const token = /token=([A-Za-z0-9_-]+)/.exec(invitation!.text)![1]!;
      expect((await stack.api('POST', `/api/designer-invites/${token}/accept`, { user: newDesigner })).status).toBe(
        200,
      );
      const link = await stack.api('POST', '/api/designers/link', { user: newDesigner });
      expect(link.body).toEqual({ allowed: true });
      await stack.settle();
      newDesigner = await stack.signIn(email, PASSWORD);

      const list = await stack.api('GET', '/api/projects', { user: newDesigner });
      expect(list.status).toBe(200);
      expect(list.body.projects.map((p: { id: string }) => p.id)).toEqual([projectId]);
      expect(list.body.projects[0].client).toMatchObject({ full_name: 'Olive Owner' });
      const detail = await stack.api('GET', `/api/projects/${projectId}`, { user: newDesigner });
      expect(detail.body.permissions).toEqual({
        role: 'designer',
        can_manage: false,
        can_work: true,
        can_set_designer_status: true,
        can_moderate: false,
      });
      // The assignment is kept as it was made (by e-mail).
      expect(detail.body.project.assigned_designer_email).toBe(email);
      expect(detail.body.client).toMatchObject({ full_name: 'Olive Owner' });
      expect(detail.body.client).not.toHaveProperty('phone');
    },
  );

  it(
    'the assigned designer moves it between in_progress ' + 'and needs_revision, logged in the designer words',
    async () => {
      const projectId = await givenProject('Worked', { assigned: true });
      const moved = await stack.api('PATCH', `/api/projects/${projectId}`, {
        user: designer,
        body: { status: 'needs_revision' },
      });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      expect(moved.body.project.status).toBe('needs_revision');
      await stack.settle();
      expect((await actions(projectId))[0]).toMatchObject({
        action: 'Status changed to Needs Revision',
        details: 'Designer updated status from Queued to Needs Revision',
      });
      const back = await stack.api('PATCH', `/api/projects/${projectId}`, {
        user: designer,
        body: { status: 'in_progress' },
      });
      expect(back.body.project.status).toBe('in_progress');
    },
  );

  it('the assigned designer ticks and reopens a task: Task completed / Task reopened', async () => {
    const projectId = await givenProject('Worked', { assigned: true });
    const taskId = `${projectId}-t1`;
    const done = await stack.api('PATCH', `/api/projects/${projectId}/tasks/${taskId}`, {
      user: designer,
      body: { completed: true },
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.task).toMatchObject({
      checklist_id: taskId,
      completed: true,
      task_name: 'Site measurements review',
    });
    // The same value again changes nothing.
    const before = await stack.eventCount();
    expect(
      (
        await stack.api('PATCH', `/api/projects/${projectId}/tasks/${taskId}`, {
          user: designer,
          body: { completed: true },
        })
      ).status,
    ).toBe(200);
    expect(await stack.eventCount()).toBe(before);
    await stack.api('PATCH', `/api/projects/${projectId}/tasks/${projectId}-t2`, {
      user: designer,
      body: { completed: true },
    });
    await stack.api('PATCH', `/api/projects/${projectId}/tasks/${projectId}-t2`, {
      user: designer,
      body: { completed: false },
    });
    await stack.settle();
    const log = await actions(projectId);
    expect(log.slice(0, 3).map((e) => [e.action, e.details])).toEqual([
      ['Task reopened', 'Layout options'],
      ['Task completed', 'Layout options'],
      ['Task completed', 'Site measurements review'],
    ]);
    const detail = await stack.api('GET', `/api/projects/${projectId}`, { user: owner });
    expect(detail.body.project.checklist.map((t: { completed: boolean }) => t.completed)).toEqual([true, false]);
  });
});

describe('refusals: 403 with a message, nothing appended', () => {
  it('a designer cannot set queued or delivered', async () => {
    const projectId = await givenProject('Worked', { assigned: true });
    expect(await refused('PATCH', `/api/projects/${projectId}`, designer, { status: 'queued' })).toBe(
      'Designers can only set In Progress or Needs Review',
    );
    await refused('PATCH', `/api/projects/${projectId}`, designer, { status: 'delivered' });
  });

  it('a designer cannot change the priority, the due date or the designer', async () => {
    const projectId = await givenProject('Worked', { assigned: true });
    await refused('PATCH', `/api/projects/${projectId}`, designer, { priority: 'Urgent' });
    await refused('PATCH', `/api/projects/${projectId}`, designer, { due_date: '2030-01-01' });
    await refused('PATCH', `/api/projects/${projectId}`, designer, { designer: null });
  });

  it('a designer cannot touch a project not assigned to them', async () => {
    const otherProjectId = await givenProject('Nobody assigned');
    await refused('PATCH', `/api/projects/${otherProjectId}`, designer, { status: 'in_progress' });
    await refused('PATCH', `/api/projects/${otherProjectId}/tasks/${otherProjectId}-t1`, designer, { completed: true });
    await refused('PATCH', `/api/projects/${otherProjectId}/tasks/${otherProjectId}-t1`, designer, {
      completed: false,
    });
    await refused('POST', `/api/projects/${otherProjectId}/comments`, designer, { content: 'Not mine' });
    expect((await stack.api('GET', `/api/projects/${otherProjectId}`, { user: designer })).status).toBe(404);
  });

  it('a client cannot comment, toggle tasks or change the project, not even their own', async () => {
    const projectId = await givenProject('Worked', { assigned: true });
    await refused('POST', `/api/projects/${projectId}/comments`, owner, { content: 'Can I comment?' });
    await refused('PATCH', `/api/projects/${projectId}/tasks/${projectId}-t1`, owner, { completed: false });
    await refused('PATCH', `/api/projects/${projectId}`, owner, { status: 'delivered' });
    await refused('PATCH', `/api/projects/${projectId}`, owner, { priority: 'Urgent' });
  });

  it('bad input is a 400 with a readable message and appends nothing', async () => {
    const projectId = await givenProject('Nobody assigned');
    const before = await stack.eventCount();
    for (const body of [
      {},
      { status: 'lost' },
      { due_date: 'tomorrow' },
      { priority: 'High' },
      { designer: { designer_email: 'not-an-email' } },
      { status: 'queued', extra: 1 },
    ]) {
      const answer = await stack.api('PATCH', `/api/projects/${projectId}`, { user: admin, body });
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error?.message).toMatch(/^Invalid request body\./);
    }
    expect(
      (
        await stack.api('PATCH', `/api/projects/${projectId}/tasks/nonsense`, {
          user: admin,
          body: { completed: true },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await stack.api('PATCH', `/api/projects/${projectId}/tasks/${projectId}-t1`, {
          user: admin,
          body: { completed: 'yes' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await stack.api('PATCH', `/api/projects/${projectId}/tasks/${projectId}-t99`, {
          user: admin,
          body: { completed: true },
        })
      ).status,
    ).toBe(404);
    // Only active designers can be chosen: an unknown id, a client's id, an e-mail nobody pre-authorised.
    for (const designer of [
      { designer_id: 'no-such-user' },
      { designer_id: owner.sub },
      { designer_email: 'nobody@example.test' },
    ]) {
      const answer = await stack.api('PATCH', `/api/projects/${projectId}`, { user: admin, body: { designer } });
      expect(answer.status, JSON.stringify(designer)).toBe(400);
      expect(answer.body.error).toEqual({ code: 'UNKNOWN_DESIGNER', message: 'Designer not found' });
    }
    expect(await stack.eventCount()).toBe(before);
  });
});

describe('the admin', () => {
  it('sets any status, priority and due date, assigns by user id and unassigns, with the log texts', async () => {
    const otherProjectId = await givenProject('Nobody assigned');
    const update = (body: unknown) => stack.api('PATCH', `/api/projects/${otherProjectId}`, { user: admin, body });
    expect((await update({ status: 'delivered' })).body.project.status).toBe('delivered');
    expect((await update({ status: 'queued' })).body.project.status).toBe('queued');
    const changed = await update({ priority: 'Urgent', due_date: '2030-05-17' });
    expect(changed.body.project).toMatchObject({ priority: 'Urgent', due_date: '2030-05-17' });
    const byId = await update({ designer: { designer_id: designer.sub } });
    expect(byId.status, JSON.stringify(byId.body)).toBe(200);
    expect(byId.body.project).toMatchObject({
      assigned_designer_id: designer.sub,
      assigned_designer_name: 'Dana Designer',
    });
    await stack.settle();
    // The seeded designer now works it.
    expect(
      (await stack.api('GET', '/api/projects', { user: designer })).body.projects.map((p: { id: string }) => p.id),
    ).toContain(otherProjectId);
    expect(
      (await stack.api('PATCH', `/api/projects/${otherProjectId}`, { user: designer, body: { status: 'in_progress' } }))
        .status,
    ).toBe(200);
    expect((await update({ designer: null })).body.project.assigned_designer_id).toBeNull();
    expect((await update({ due_date: null })).body.project.due_date).toBeNull();
    await stack.settle();
    expect((await actions(otherProjectId)).map((e) => [e.action, e.details])).toEqual([
      ['Due date changed', 'Due date cleared'],
      ['Designer unassigned', 'Dana Designer'],
      ['Status changed to In Progress', 'Designer updated status from Queued to In Progress'],
      ['Designer assigned', 'Dana Designer'],
      ['Due date changed', 'Due date set to May 17, 2030'],
      ['Priority changed', 'Priority set to Urgent'],
      ['Status updated to Queued', null],
      ['Status updated to Delivered', null],
      ['Project submitted', 'Nobody assigned'],
    ]);
    // After unassigning, the designer is refused again.
    await refused('PATCH', `/api/projects/${otherProjectId}`, designer, { status: 'needs_revision' });
  });
});
