import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentApproved,
  CommentPosted,
  CommentRejected,
  DesignerAssigned,
} from '../../functions/features/projects/events.js';
import { newId } from '../../functions/platform/ids.js';
import { allProjections } from '../../functions/app/projections.js';
import { Replayer } from '../../functions/app/replay.js';
import { Projector } from '../../functions/platform/views/projector.js';
import { givenHistory, markStore } from '../support/given-stack.js';
import { by, type HistoryEvent } from '../support/given-when-then.js';
import { actor, projectSubmitted } from '../support/history.js';
import { TestStack, type TestUser } from '../support/stack.js';

/**
 * Comments and moderation (issue 8): admins and the assigned designer comment; comments are stored
 * pending; admins approve or reject them (GET /api/moderation, POST /api/comments/{id}/approve|reject).
 * A rejected comment leaves every view but stays in the project's event history.
 *
 * Each test states the project's history as events (given), makes its requests (when), and checks
 * the answers, the views and the events the requests recorded (then).
 */
let stack: TestStack;
let owner: TestUser;
let admin: TestUser;
let designer: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  owner = await stack.signUpClient({ name: 'Olive Owner' });
  admin = await stack.admin();
  designer = await stack.designer();
});
afterAll(() => stack?.stop());

const MARKUP = '<img src=x onerror="alert(1)"> Please check the <b>kitchen</b> layout before we render anything at all';
const NOTE = 'Admin note: due next week.';

/** A project of the owner's with the seeded designer assigned, and then `history`. */
async function givenProject(history: (projectId: string) => HistoryEvent[] = () => []) {
  const projectId = newId();
  await givenHistory(stack, {
    [`project-${projectId}`]: [
      by(
        actor(owner, 'client'),
        projectSubmitted({ project_id: projectId, user_id: owner.sub, title: 'Commented project' }),
      ),
      by(
        actor(admin, 'admin'),
        DesignerAssigned.create({ designer_id: designer.sub, designer_email: null, designer_name: 'Dana Designer' }),
      ),
      ...history(projectId),
    ],
  });
  return projectId;
}
/** Two pending comments: the designer's (MARKUP) first, the admin's (NOTE) second. */
const twoPending = (first: string, second: string) => [
  by(actor(designer, 'designer'), CommentPosted.create({ comment_id: first, content: `${MARKUP}\nsecond line` })),
  by(actor(admin, 'admin'), CommentPosted.create({ comment_id: second, content: NOTE })),
];

const activity = async (projectId: string, user: TestUser) =>
  (await stack.api('GET', `/api/projects/${projectId}/activity`, { user })).body;
const post = (projectId: string, user: TestUser, content: string) =>
  stack.api('POST', `/api/projects/${projectId}/comments`, { user, body: { content } });

describe('posting', () => {
  it('the assigned designer and the admin post comments, stored pending and kept as typed', async () => {
    const projectId = await givenProject();
    const store = await markStore(stack);
    const byDesigner = await post(projectId, designer, `  ${MARKUP}\nsecond line  `);
    expect(byDesigner.status, JSON.stringify(byDesigner.body)).toBe(201);
    expect(byDesigner.body.comment).toMatchObject({
      content: `${MARKUP}\nsecond line`,
      approved: false,
      approved_by: null,
      author_role: 'designer',
      project_id: projectId,
      project_title: 'Commented project',
    });
    expect(byDesigner.body.comment.author).toMatchObject({ full_name: 'Dana Designer' });
    const byAdmin = await post(projectId, admin, NOTE);
    expect(byAdmin.status).toBe(201);
    expect(await store.newEvents()).toMatchObject([
      {
        streamId: `project-${projectId}`,
        type: 'CommentPosted',
        actor: { sub: designer.sub, role: 'designer' },
        data: { comment_id: byDesigner.body.comment.id, content: `${MARKUP}\nsecond line` },
      },
      {
        streamId: `project-${projectId}`,
        type: 'CommentPosted',
        actor: { sub: admin.sub, role: 'admin' },
        data: { comment_id: byAdmin.body.comment.id, content: NOTE },
      },
    ]);
  });

  it('refuses empty and blank comments with 400 and appends nothing', async () => {
    const projectId = await givenProject();
    const store = await markStore(stack);
    for (const content of ['', '   ', '\n\t']) {
      const answer = await post(projectId, designer, content);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toContain('A comment cannot be empty');
    }
    expect((await stack.api('POST', `/api/projects/${projectId}/comments`, { user: designer, body: {} })).status).toBe(
      400,
    );
    expect((await post(projectId, designer, 'x'.repeat(5001))).status).toBe(400);
    expect(await store.newEvents()).toEqual([]);
  });

  it('pending comments reach admins and their author only; the client sees none yet', async () => {
    const [first, second] = [newId(), newId()];
    const projectId = await givenProject(() => twoPending(first, second));
    expect((await activity(projectId, admin)).comments.map((c) => c.id)).toEqual([second, first]);
    expect((await activity(projectId, designer)).comments.map((c) => c.id)).toEqual([first]);
    expect((await activity(projectId, owner)).comments).toEqual([]);
    // Only 'Comment approved/rejected' are hidden: 'Comment posted' is in every reader's feed, but
    // the quote of a pending comment reaches only those who may read it (issue 20).
    const postedBy = async (user: TestUser, id: string) =>
      (await activity(projectId, user)).entries.find(
        (e) => e.action === 'Comment posted' && e.metadata.comment_id === id,
      );
    expect((await postedBy(admin, first))?.details).toMatch(/^"<img src=x/);
    expect((await postedBy(admin, second))?.details).toBe('"Admin note: due next week...."');
    expect((await postedBy(designer, first))?.details).toMatch(/^"<img src=x/);
    const ownerFeed = (await activity(projectId, owner)).entries.filter((e) => e.action === 'Comment posted');
    expect(ownerFeed).toHaveLength(2);
    for (const entry of ownerFeed) expect(entry.details).toBeNull();
    expect(JSON.stringify(await activity(projectId, owner))).not.toContain('Admin note');
    expect((await postedBy(designer, second))?.details).toBeNull();
  });
});

describe('moderation', () => {
  it(
    'GET /api/moderation lists pending comments newest ' + 'first with author and project title (admins only)',
    async () => {
      const [first, second] = [newId(), newId()];
      const before = Number((await stack.api('GET', '/api/moderation', { user: admin })).body.total);
      const projectId = await givenProject(() => twoPending(first, second));
      const queue = await stack.api('GET', '/api/moderation', { user: admin });
      expect(queue.status).toBe(200);
      // The queue's length, from its counter: both comments counted, once each.
      expect(queue.body.total).toBe(before + 2);
      const mine = queue.body.comments.filter((c) => c.project_id === projectId);
      expect(mine.map((c) => c.id)).toEqual([second, first]);
      expect(mine[1]).toMatchObject({
        project_title: 'Commented project',
        author: { full_name: 'Dana Designer' },
        approved: false,
      });
      for (const user of [owner, designer]) {
        const answer = await stack.api('GET', '/api/moderation', { user });
        expect(answer.status).toBe(403);
        expect(answer.body.error?.message).toMatch(/\w{3}/);
      }
    },
  );

  it('only admins approve or reject: others get 403 and nothing is appended', async () => {
    const [first, second] = [newId(), newId()];
    const projectId = await givenProject(() => twoPending(first, second));
    const store = await markStore(stack);
    for (const user of [owner, designer]) {
      for (const action of ['approve', 'reject'] as const) {
        const answer = await stack.api('POST', `/api/comments/${first}/${action}`, {
          user,
          body: { project_id: projectId },
        });
        expect(answer.status).toBe(403);
        expect(answer.body.error?.message).toMatch(/\w{3}/);
      }
    }
    expect((await stack.api('POST', `/api/comments/${first}/approve`, { user: admin, body: {} })).status).toBe(400);
    expect(
      (
        await stack.api('POST', `/api/comments/01J00000000000000000000000/approve`, {
          user: admin,
          body: { project_id: projectId },
        })
      ).status,
    ).toBe(404);
    expect(await store.newEvents()).toEqual([]);
  });

  it('approve: the comment shows for everyone, the log entry is hidden from the feed', async () => {
    const [first, second] = [newId(), newId()];
    const projectId = await givenProject(() => twoPending(first, second));
    const store = await markStore(stack);
    const approved = await stack.api('POST', `/api/comments/${first}/approve`, {
      user: admin,
      body: { project_id: projectId },
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toEqual({ comment_id: first, approved: true, removed: false });
    expect(await store.newEvents()).toMatchObject([
      { type: 'CommentApproved', actor: { sub: admin.sub, role: 'admin' }, data: { comment_id: first } },
    ]);
    await stack.settle();
    const seen = (await activity(projectId, owner)).comments;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: first, approved: true, content: `${MARKUP}\nsecond line` });
    expect((await activity(projectId, admin)).entries.map((e) => e.action)).not.toContain('Comment approved');
    // Once approved, its 'Comment posted' entry quotes it for the client as well.
    const posted = (await activity(projectId, owner)).entries.find(
      (e) => e.action === 'Comment posted' && e.metadata.comment_id === first,
    );
    expect(posted?.details).toMatch(/^"<img src=x/);
    const queue = await stack.api('GET', '/api/moderation', { user: admin });
    expect(queue.body.comments.map((c) => c.id)).not.toContain(first);
  });

  it('reject: the comment leaves every view and the queue, but stays in the event history', async () => {
    const [first, second] = [newId(), newId()];
    const projectId = await givenProject(() => [
      ...twoPending(first, second),
      by(actor(admin, 'admin'), CommentApproved.create({ comment_id: first })),
    ]);
    const store = await markStore(stack);
    const rejected = await stack.api('POST', `/api/comments/${second}/reject`, {
      user: admin,
      body: { project_id: projectId },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ comment_id: second, approved: false, removed: true });
    expect(await store.newEvents()).toMatchObject([
      { type: 'CommentRejected', actor: { sub: admin.sub }, data: { comment_id: second } },
    ]);
    await stack.settle();
    for (const user of [admin, designer, owner]) {
      expect((await activity(projectId, user)).comments.map((c) => c.id)).not.toContain(second);
    }
    expect((await stack.api('GET', '/api/moderation', { user: admin })).body.comments.map((c) => c.id)).not.toContain(
      second,
    );
    expect((await activity(projectId, admin)).entries.map((e) => e.action)).not.toContain('Comment rejected');
    // A rejected comment's words never reach the client, nor an empty 'Comment posted' entry for it.
    expect(JSON.stringify(await activity(projectId, owner))).not.toContain('Admin note');
    for (const user of [owner, designer]) {
      expect(
        (await activity(projectId, user)).entries.filter(
          (e) => e.action === 'Comment posted' && e.metadata.comment_id === second,
        ),
      ).toEqual([]);
    }
    expect(
      (await activity(projectId, admin)).entries.filter(
        (e) => e.action === 'Comment posted' && e.metadata.comment_id === second,
      ),
    ).toHaveLength(1);
    // Rejecting again: the comment is gone.
    expect(
      (await stack.api('POST', `/api/comments/${second}/reject`, { user: admin, body: { project_id: projectId } }))
        .status,
    ).toBe(404);

    // Its text leaves the views for good: a redelivered 'posted' event does not bring it back, nor
    // does a replay of the whole history into a fresh generation.
    const texts = async () => {
      const { active } = await stack.local.runtime.views.generations();
      return (await stack.local.runtime.views.query(active, { pk: `comments#${projectId}` })).map((item) =>
        String(item.comment),
      );
    };
    expect((await texts()).join()).not.toContain(NOTE);
    expect(await texts()).toHaveLength(1);
    const stream = await stack.local.runtime.store.readStream(`project-${projectId}`);
    const projector = new Projector(stack.local.runtime.store, stack.local.runtime.views, allProjections);
    const postedEvent = stream.events.find((e) => e.type === 'CommentPosted' && e.data.comment_id === second)!;
    const { active } = await stack.local.runtime.views.generations();
    for (const projection of projector.matching(postedEvent.streamId))
      await projector.apply(active, projection, postedEvent);
    expect((await texts()).join()).not.toContain(NOTE);
    await new Replayer(stack.local.runtime.store, stack.local.runtime.views, allProjections).run({
      streamId: `project-${projectId}`,
    });
    expect((await texts()).join()).not.toContain(NOTE);
    expect((await activity(projectId, owner)).comments.map((c) => c.id)).toEqual([first]);

    const audit = await stack.api('GET', `/api/audit/project-${projectId}`, { user: admin });
    expect(audit.status).toBe(200);
    const posted = audit.body.events.find((e) => e.type === 'CommentPosted' && e.data.comment_id === second)!;
    expect(posted.data.content).toBe(NOTE);
    expect(audit.body.events.at(-1)).toMatchObject({ type: 'CommentRejected', data: { comment_id: second } });
  });

  it('the global activity keeps the moderation entries with the quote and metadata', async () => {
    const [first, second] = [newId(), newId()];
    const projectId = await givenProject(() => [
      ...twoPending(first, second),
      by(actor(admin, 'admin'), CommentApproved.create({ comment_id: first })),
      by(actor(admin, 'admin'), CommentRejected.create({ comment_id: second })),
    ]);
    const { active } = await stack.local.runtime.views.generations();
    const items = await stack.local.runtime.views.query(active, { pk: `activity#${projectId}` });
    const entries = items.map((item) => JSON.parse(item.entry as string));
    const approved = entries.find((e: { action: string }) => e.action === 'Comment approved');
    expect(approved.details).toBe(`"${MARKUP.slice(0, 50)}..."`);
    expect(approved.metadata).toEqual({ comment_id: first, approved_by_id: admin.sub });
    const rejected = entries.find((e: { action: string }) => e.action === 'Comment rejected');
    expect(rejected.metadata).toEqual({ comment_id: second, rejected_by_id: admin.sub });
  });
});
