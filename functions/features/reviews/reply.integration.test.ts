import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../platform/ids.js';
import { DesignerAssigned, FileUploaded } from '../projects/events.js';
import { ReviewNotePinned } from './events.js';
import { givenHistory, markStore } from '../../../tests/support/given-stack.js';
import { by } from '../../../tests/support/given-when-then.js';
import { actor, projectSubmitted } from '../../../tests/support/history.js';
import { TestStack, type TestUser } from '../../../tests/support/stack.js';

/**
 * The studio answers a client's note on the drawing (POST /api/projects/{id}/reviews, action
 * 'reply'), against the embedded stack: given a delivered drawing with a pinned note (as events),
 * when someone replies, then the answer, the events recorded and what the review shows.
 */
let stack: TestStack;
let client: TestUser;
let designer: TestUser;
let admin: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  stack = await TestStack.start();
  [client, designer, admin, stranger] = await Promise.all([
    stack.signUpClient({ name: 'Cleo Client' }),
    stack.designer(),
    stack.admin(),
    stack.signUpClient(),
  ]);
}, 120_000);
afterAll(() => stack?.stop());

/** A project with the designer's drawing and the client's note on it; answers the project id. */
async function givenANote(): Promise<string> {
  const projectId = newId();
  await givenHistory(stack, {
    [`project-${projectId}`]: [
      by(actor(client, 'client'), projectSubmitted({ project_id: projectId, user_id: client.sub })),
      by(
        actor(admin, 'admin'),
        DesignerAssigned.create({ designer_id: designer.sub, designer_email: null, designer_name: 'Dana Designer' }),
      ),
      by(
        actor(designer, 'designer'),
        FileUploaded.create({
          file_id: 'd1',
          file_name: 'plans.pdf',
          file_type: 'deliverable',
          file_category: 'application/pdf',
          file_size: 1200,
          file_url: `${projectId}/deliverable/plans.pdf`,
        }),
      ),
      by(
        actor(client, 'client'),
        ReviewNotePinned.create({
          note_id: 'n1',
          deliverable_id: 'd1',
          version: 1,
          page: 2,
          x: 0.4,
          y: 0.6,
          text: 'Move the window 2 ft left',
        }),
      ),
    ],
  });
  return projectId;
}

const reply = (projectId: string, user: TestUser | undefined, text: unknown) =>
  stack.api('POST', `/api/projects/${projectId}/reviews`, { user, body: { action: 'reply', note_id: 'n1', text } });

describe('replying to a note', () => {
  it('the assigned designer replies: one event, and everyone who sees the note sees the answer', async () => {
    const projectId = await givenANote();
    const mark = await markStore(stack);
    const answered = await reply(projectId, designer, '  Moved, see v2 <b>A-101</b>  ');
    expect(answered.status, JSON.stringify(answered.body)).toBe(201);
    expect(answered.body).toEqual({ events: ['ReviewNoteReplied'], reply_id: expect.stringMatching(/^[0-9A-Z]{26}$/) });
    const recorded = await mark.newEvents();
    expect(recorded.map((event) => [event.type, event.actor.sub, event.data])).toEqual([
      [
        'ReviewNoteReplied',
        designer.sub,
        { note_id: 'n1', reply_id: answered.body.reply_id, text: 'Moved, see v2 <b>A-101</b>' },
      ],
    ]);
    await stack.settle();
    for (const reader of [client, designer, admin]) {
      const review = await stack.api('GET', `/api/projects/${projectId}/reviews`, { user: reader });
      expect(review.status).toBe(200);
      expect(review.body.deliverables[0]!.notes[0]!.replies).toEqual([
        {
          reply_id: answered.body.reply_id,
          text: 'Moved, see v2 <b>A-101</b>',
          author_name: expect.any(String),
          author_role: 'designer',
          at: recorded[0]!.at,
        },
      ]);
    }
  });

  it('the client, a stranger and a signed-out caller cannot reply, and nothing is recorded', async () => {
    const projectId = await givenANote();
    const mark = await markStore(stack);
    expect((await reply(projectId, client, 'I reply to myself')).status).toBe(403);
    expect((await reply(projectId, stranger, 'Hello')).status).toBe(404);
    expect((await reply(projectId, undefined, 'Hello')).status).toBe(401);
    expect(await mark.newEvents()).toEqual([]);
  });

  it('a bad reply is a 400 with a message, never a 500, and records nothing', async () => {
    const projectId = await givenANote();
    const mark = await markStore(stack);
    for (const text of ['   ', 'x'.repeat(2001), 42, null]) {
      const refused = await reply(projectId, admin, text);
      expect(refused.status, JSON.stringify(refused.body)).toBe(400);
      expect(refused.body.error?.message.length).toBeGreaterThan(3);
    }
    expect(
      (
        await stack.api('POST', `/api/projects/${projectId}/reviews`, {
          user: admin,
          body: { action: 'reply', note_id: 'n9', text: 'Which note?' },
        })
      ).status,
    ).toBe(404);
    expect(await mark.newEvents()).toEqual([]);
  });
});
