import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allProjections } from '../../functions/app/projections.js';
import { projectDecider, projectStream, type ProjectState } from '../../functions/features/projects/decider.js';
import { runCommand } from '../../functions/platform/event-store/command.js';
import { newId } from '../../functions/platform/ids.js';
import { Replayer } from '../../functions/app/replay.js';
import type { LocalRuntime } from '../../infra/local/runtime.js';
import { TestStack, minimalProject } from '../support/stack.js';

let stack: TestStack;

/** Builds a realistic history: projects with status changes, assignment, tasks, comments approved and rejected. */
async function workTheProjects(local: LocalRuntime, clientSub: string, designerSub: string, adminSub: string) {
  const admin = { actor: { sub: adminSub, role: 'admin' as const } };
  const designer = { actor: { sub: designerSub, role: 'designer' as const } };
  const ids: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const id = newId();
    ids.push(id);
    const body = minimalProject({ title: `Audit project ${i}` }) as Record<string, any>;
    const { total_estimated_hours: _t, estimated_turnaround_days: _e, ...submission } = body;
    await runCommand(
      projectDecider,
      projectStream(id),
      {
        type: 'SubmitProject',
        project_id: id,
        user_id: clientSub,
        team_id: null,
        project_address: null,
        specifications: {},
        checklist_origin: 'generated',
        ...submission,
      } as any,
      { actor: { sub: clientSub, role: 'client' } },
      local.runtime,
    );
    await runCommand(
      projectDecider,
      projectStream(id),
      {
        type: 'UpdateProject',
        designer: { designer_id: designerSub, designer_name: 'Dana Designer' },
        priority: 'Urgent',
        due_date: '2026-12-24',
      },
      admin,
      local.runtime,
    );
    await runCommand(
      projectDecider,
      projectStream(id),
      { type: 'UpdateProject', status: 'in_progress' },
      designer,
      local.runtime,
    );
    await runCommand(
      projectDecider,
      projectStream(id),
      { type: 'ToggleTask', checklist_id: `${id}-t1`, completed: true },
      designer,
      local.runtime,
    );
    await runCommand(
      projectDecider,
      projectStream(id),
      { type: 'PostComment', comment_id: `${id}-c1`, content: 'Layout option B keeps the window wall free.' },
      designer,
      local.runtime,
    );
    await runCommand(
      projectDecider,
      projectStream(id),
      { type: 'PostComment', comment_id: `${id}-c2`, content: 'Internal note that should not reach the client.' },
      designer,
      local.runtime,
    );
    await runCommand(
      projectDecider,
      projectStream(id),
      { type: 'ApproveComment', comment_id: `${id}-c1` },
      admin,
      local.runtime,
    );
    if (i !== 1)
      await runCommand(
        projectDecider,
        projectStream(id),
        { type: 'RejectComment', comment_id: `${id}-c2` },
        admin,
        local.runtime,
      );
  }
  await local.settle();
  return ids;
}

/** Everything the board, activity and moderation screens read, from the active generation. */
async function snapshot(local: LocalRuntime, projectIds: string[]) {
  const views = local.runtime.views;
  const { active } = await views.generations(true);
  const strip = (items: Record<string, unknown>[]) => items.map(({ v: _v, lv: _lv, ...rest }) => rest);
  const perProject = await Promise.all(
    projectIds.map(async (id) => ({
      doc: strip([(await views.get(active, `project#${id}`, 'doc'))!]),
      comments: strip(await views.query(active, { pk: `comments#${id}` })),
      activity: strip(await views.query(active, { pk: `activity#${id}` })),
    })),
  );
  return {
    board: strip(await views.query(active, { index: 'gsi4', pk: 'projects' })),
    moderation: strip(await views.query(active, { index: 'gsi4', pk: 'moderation' })),
    globalActivity: strip(await views.query(active, { index: 'gsi4', pk: 'activity' })),
    users: strip(await views.query(active, { index: 'gsi4', pk: 'users' })),
    perProject,
  };
}

beforeAll(async () => {
  stack = await TestStack.start();
});
afterAll(async () => {
  await stack?.stop();
});

describe('rebuilding the views from the events', () => {
  it('gives board, activity and moderation projections deep-equal to the ones built live', async () => {
    const client = await stack.signUpClient();
    const designer = await stack.designer();
    const admin = await stack.admin();
    const ids = await workTheProjects(stack.local, client.sub, designer.sub, admin.sub);
    const live = await snapshot(stack.local, ids);
    expect(live.board.length).toBe(3);
    expect(live.moderation.length).toBe(1);
    expect(live.perProject[0]!.activity.length).toBeGreaterThan(5);

    const before = await stack.local.runtime.views.generations(true);
    const report = await new Replayer(stack.local.runtime.store, stack.local.runtime.views, allProjections).run();
    expect(report.broken).toEqual([]);
    expect(report.schemaErrors).toEqual([]);
    expect(report.generation).toEqual({ from: before.active, to: before.active + 1 });
    const rebuilt = await snapshot(stack.local, ids);
    expect(rebuilt).toEqual(live);
    // The old generation is gone; the API reads the new one.
    expect(await stack.local.runtime.views.get(before.active, `project#${ids[0]}`, 'doc')).toBeUndefined();
    const listed = await stack.api('GET', '/api/projects', { user: client });
    expect(listed.body.projects).toHaveLength(3);
  });
});

describe('a change committed while the rebuild runs', () => {
  it('is in the new generation after the switch', async () => {
    const client = await stack.signUpClient();
    const created = await stack.api('POST', '/api/projects', {
      user: client,
      body: minimalProject({ title: 'Moving target' }),
    });
    const id = created.body.project.id;
    await stack.settle();
    const admin = await stack.admin();
    const views = stack.local.runtime.views;
    const putMany = views.putMany.bind(views);
    let injected = false;
    // The first batch of the rebuild triggers a live status change, as if an admin clicked meanwhile.
    views.putMany = async (gen, items) => {
      if (!injected) {
        injected = true;
        await runCommand(
          projectDecider,
          projectStream(id),
          { type: 'UpdateProject', status: 'delivered' },
          { actor: { sub: admin.sub, role: 'admin' } },
          stack.local.runtime,
        );
        await stack.settle();
      }
      return putMany(gen, items);
    };
    try {
      await new Replayer(stack.local.runtime.store, views, allProjections).run();
    } finally {
      views.putMany = putMany;
    }
    expect(injected).toBe(true);
    const detail = await stack.api('GET', `/api/projects/${id}`, { user: client });
    expect(detail.body.project.status).toBe('delivered');
  });
});

describe('the audit API', () => {
  it('shows a project timeline with readable changes and the state as of any version', async () => {
    const client = await stack.signUpClient();
    const designer = await stack.designer();
    const admin = await stack.admin();
    const [id] = await workTheProjects(stack.local, client.sub, designer.sub, admin.sub);
    const history = await stack.api('GET', `/api/audit/project-${id}`, { user: admin });
    expect(history.status).toBe(200);
    expect(history.body.verification).toEqual({ intact: true, events: history.body.events.length });
    const types = history.body.events.map((e: { type: string }) => e.type);
    expect(types.slice(0, 3)).toEqual(['ProjectSubmitted', 'DesignerAssigned', 'PriorityChanged']);
    const statusChange = history.body.events.find((e) => e.type === 'ProjectStatusChanged')!;
    expect(statusChange.actor).toMatchObject({ role: 'designer', name: 'Dana Designer' });
    expect(statusChange.changes).toEqual([{ path: 'status', before: 'queued', after: 'in_progress' }]);
    const beforeChange = await stack.api('GET', `/api/audit/project-${id}?asOf=${statusChange.version - 1}`, {
      user: admin,
    });
    expect((beforeChange.body.state as ProjectState).status).toBe('queued');
    expect((history.body.state as ProjectState).status).toBe('in_progress');
    // One comment approved, one rejected: none waits, and the fold keeps no text of either.
    expect((history.body.state as ProjectState).pending_comments).toEqual([]);
    expect(types).toContain('CommentRejected');
  });

  it('is for admins only, and answers unknown or malformed streams clearly', async () => {
    const client = await stack.signUpClient();
    const admin = await stack.admin();
    expect((await stack.api('GET', `/api/audit/user-${client.sub}`, { user: client })).status).toBe(403);
    expect((await stack.api('GET', '/api/audit/project-NOPE', { user: admin })).status).toBe(404);
    const bad = await stack.api('GET', '/api/audit/%3Cscript%3E', { user: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.message).toMatch(/Unknown stream id/);
  });
});
