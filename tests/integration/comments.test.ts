import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

/**
 * Comments and moderation (issue 8): admins and the assigned designer comment; comments are stored
 * pending; admins approve or reject them (GET /api/moderation, POST /api/comments/{id}/approve|reject).
 * A rejected comment leaves every view but stays in the project's event history.
 */
let stack: TestStack;
let owner: TestUser;
let admin: TestUser;
let designer: TestUser;
let projectId: string;

beforeAll(async () => {
  stack = await TestStack.start();
  owner = await stack.signUpClient({ name: 'Olive Owner' });
  admin = await stack.admin();
  designer = await stack.designer();
  projectId = (await stack.api('POST', '/api/projects', { user: owner, body: minimalProject({ title: 'Commented project' }) })).body.project.id;
  await stack.api('PATCH', `/api/projects/${projectId}`, { user: admin, body: { designer: { designer_id: designer.sub } } });
  await stack.settle();
});
afterAll(() => stack?.stop());

const activity = async (user: TestUser) => (await stack.api('GET', `/api/projects/${projectId}/activity`, { user })).body as { entries: { action: string; details: string | null; metadata: Record<string, unknown> }[]; comments: { id: string; content: string; approved: boolean; author: { full_name: string } | null; author_role: string }[] };
const post = (user: TestUser, content: string) => stack.api('POST', `/api/projects/${projectId}/comments`, { user, body: { content } });

const MARKUP = '<img src=x onerror="alert(1)"> Please check the <b>kitchen</b> layout before we render anything at all';
let first: string;
let second: string;

describe('posting', () => {
  it('the assigned designer and the admin post comments, stored pending and kept as typed', async () => {
    const byDesigner = await post(designer, `  ${MARKUP}\nsecond line  `);
    expect(byDesigner.status, JSON.stringify(byDesigner.body)).toBe(201);
    expect(byDesigner.body.comment).toMatchObject({ content: `${MARKUP}\nsecond line`, approved: false, approved_by: null, author_role: 'designer', project_id: projectId, project_title: 'Commented project' });
    expect(byDesigner.body.comment.author).toMatchObject({ full_name: 'Dana Designer' });
    first = byDesigner.body.comment.id;
    const byAdmin = await post(admin, 'Admin note: due next week.');
    expect(byAdmin.status).toBe(201);
    second = byAdmin.body.comment.id;
  });

  it('refuses empty and blank comments with 400 and appends nothing', async () => {
    const before = await stack.eventCount();
    for (const content of ['', '   ', '\n\t']) {
      const answer = await post(designer, content);
      expect(answer.status).toBe(400);
      expect(answer.body.error?.message).toContain('A comment cannot be empty');
    }
    expect((await stack.api('POST', `/api/projects/${projectId}/comments`, { user: designer, body: {} })).status).toBe(400);
    expect((await post(designer, 'x'.repeat(5001))).status).toBe(400);
    expect(await stack.eventCount()).toBe(before);
  });

  it('pending comments reach admins and their author only; the client sees none yet', async () => {
    await stack.settle();
    expect((await activity(admin)).comments.map((c) => c.id)).toEqual([second, first]);
    expect((await activity(designer)).comments.map((c) => c.id)).toEqual([first]);
    expect((await activity(owner)).comments).toEqual([]);
    // spec/2 hides only 'Comment approved/rejected': 'Comment posted' is in every reader's feed, but
    // the quote of a pending comment reaches only those who may read it (issue 20).
    const postedBy = async (user: TestUser, id: string) => (await activity(user)).entries.find((e) => e.action === 'Comment posted' && e.metadata.comment_id === id);
    expect((await postedBy(admin, first))?.details).toMatch(/^"<img src=x/);
    expect((await postedBy(admin, second))?.details).toBe('"Admin note: due next week...."');
    expect((await postedBy(designer, first))?.details).toMatch(/^"<img src=x/);
    const ownerFeed = (await activity(owner)).entries.filter((e) => e.action === 'Comment posted');
    expect(ownerFeed).toHaveLength(2);
    for (const entry of ownerFeed) expect(entry.details).toBeNull();
    expect(JSON.stringify(await activity(owner))).not.toContain('Admin note');
    expect((await postedBy(designer, second))?.details).toBeNull();
  });
});

describe('moderation', () => {
  it('GET /api/moderation lists pending comments newest first with author and project title (admins only)', async () => {
    const queue = await stack.api('GET', '/api/moderation', { user: admin });
    expect(queue.status).toBe(200);
    const mine = queue.body.comments.filter((c: { project_id: string }) => c.project_id === projectId);
    expect(mine.map((c: { id: string }) => c.id)).toEqual([second, first]);
    expect(mine[1]).toMatchObject({ project_title: 'Commented project', author: { full_name: 'Dana Designer' }, approved: false });
    for (const user of [owner, designer]) {
      const answer = await stack.api('GET', '/api/moderation', { user });
      expect(answer.status).toBe(403);
      expect(answer.body.error?.message).toBeTruthy();
    }
  });

  it('only admins approve or reject: others get 403 and nothing is appended', async () => {
    const before = await stack.eventCount();
    for (const user of [owner, designer]) {
      for (const action of ['approve', 'reject']) {
        const answer = await stack.api('POST', `/api/comments/${first}/${action}`, { user, body: { project_id: projectId } });
        expect(answer.status).toBe(403);
        expect(answer.body.error?.message).toBeTruthy();
      }
    }
    expect((await stack.api('POST', `/api/comments/${first}/approve`, { user: admin, body: {} })).status).toBe(400);
    expect((await stack.api('POST', `/api/comments/01J00000000000000000000000/approve`, { user: admin, body: { project_id: projectId } })).status).toBe(404);
    expect(await stack.eventCount()).toBe(before);
  });

  it('approve: the comment shows for everyone, the log entry is hidden from the feed', async () => {
    const approved = await stack.api('POST', `/api/comments/${first}/approve`, { user: admin, body: { project_id: projectId } });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toEqual({ comment_id: first, approved: true, removed: false });
    await stack.settle();
    const seen = (await activity(owner)).comments;
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id: first, approved: true, content: `${MARKUP}\nsecond line` });
    expect((await activity(admin)).entries.map((e) => e.action)).not.toContain('Comment approved');
    // Once approved, its 'Comment posted' entry quotes it for the client as well.
    const posted = (await activity(owner)).entries.find((e) => e.action === 'Comment posted' && e.metadata.comment_id === first);
    expect(posted?.details).toMatch(/^"<img src=x/);
    const queue = await stack.api('GET', '/api/moderation', { user: admin });
    expect(queue.body.comments.map((c: { id: string }) => c.id)).not.toContain(first);
  });

  it('reject: the comment leaves every view and the queue, but stays in the event history', async () => {
    const rejected = await stack.api('POST', `/api/comments/${second}/reject`, { user: admin, body: { project_id: projectId } });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toEqual({ comment_id: second, approved: false, removed: true });
    await stack.settle();
    for (const user of [admin, designer, owner]) {
      expect((await activity(user)).comments.map((c) => c.id)).not.toContain(second);
    }
    expect((await stack.api('GET', '/api/moderation', { user: admin })).body.comments.map((c: { id: string }) => c.id)).not.toContain(second);
    expect((await activity(admin)).entries.map((e) => e.action)).not.toContain('Comment rejected');
    // A rejected comment's words never reach the client, nor an empty 'Comment posted' entry for it.
    expect(JSON.stringify(await activity(owner))).not.toContain('Admin note');
    for (const user of [owner, designer]) {
      expect((await activity(user)).entries.filter((e) => e.action === 'Comment posted' && e.metadata.comment_id === second)).toEqual([]);
    }
    expect((await activity(admin)).entries.filter((e) => e.action === 'Comment posted' && e.metadata.comment_id === second)).toHaveLength(1);
    // Rejecting again: the comment is gone.
    expect((await stack.api('POST', `/api/comments/${second}/reject`, { user: admin, body: { project_id: projectId } })).status).toBe(404);

    const audit = await stack.api('GET', `/api/audit/project-${projectId}`, { user: admin });
    expect(audit.status).toBe(200);
    const types = audit.body.events.map((e: { type: string }) => e.type);
    expect(types).toEqual(expect.arrayContaining(['CommentPosted', 'CommentApproved', 'CommentRejected']));
    const posted = audit.body.events.find((e) => e.type === 'CommentPosted' && e.data.comment_id === second)!;
    expect(posted.data.content).toBe('Admin note: due next week.');
  });

  it('the global activity keeps the moderation entries with the quote and metadata', async () => {
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
