import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTES_PER_VERSION_MAX, NOTE_TEXT_MAX } from '../../functions/features/reviews/contracts.js';
import { reviewDecider } from '../../functions/features/reviews/decider.js';
import { ReviewNotePinned } from '../../functions/features/reviews/events.js';
import { loadState } from '../../functions/platform/event-store/load-state.js';
import { newId } from '../../functions/platform/ids.js';
import type { Method } from '../support/api-routes.js';
import { TestStack, minimalProject, uniqueEmail, type TestUser } from '../support/stack.js';

/**
 * Issue 37: the client's review of the deliverables, end to end against the embedded stack: the
 * whole loop (versions, notes, a change request, the studio's answer, the approval) with what the
 * board, the log and the bell show, and the attacks (other people, bad bodies, the limit, HTML).
 */
let stack: TestStack;
let owner: TestUser;
let otherClient: TestUser;
let admin: TestUser;
let designer: TestUser;
let otherDesigner: TestUser;
let projectId: string;

const PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const HTML_NOTE = '<img src=x onerror="alert(1)"><script>alert(2)</script> & move the window 2 ft left';

async function uploadDeliverable(user: TestUser, name: string, versionOf?: string) {
  const presigned = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
    user,
    body: { file_name: name, content_type: 'application/pdf', file_size: PDF.length, file_type: 'deliverable' },
  });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
  const form = new FormData();
  for (const [field, value] of Object.entries(presigned.body.upload.fields as Record<string, string>))
    form.append(field, value);
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), name);
  expect((await fetch(presigned.body.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  return stack.api('POST', `/api/projects/${projectId}/files`, {
    user,
    body: { key: presigned.body.key, ...(versionOf ? { version_of: versionOf } : {}) },
  });
}

const act = (user: TestUser, body: unknown) => stack.api('POST', `/api/projects/${projectId}/reviews`, { user, body });
const review = async (user: TestUser) => {
  const answer = await stack.api('GET', `/api/projects/${projectId}/reviews`, { user });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
};
const detail = async (user: TestUser) => (await stack.api('GET', `/api/projects/${projectId}`, { user })).body.project;
const card = async (user: TestUser) =>
  ((await stack.api('GET', '/api/projects', { user })).body.projects as { id: string; review_summary: unknown }[]).find(
    (p) => p.id === projectId,
  );
const log = async () =>
  (
    (await stack.api('GET', `/api/projects/${projectId}/activity`, { user: admin })).body.entries as {
      action: string;
      details: string | null;
    }[]
  ).map((e) => e.action);
const bell = async (user: TestUser) =>
  ((await stack.api('GET', '/api/notifications', { user })).body.notifications as { message: string }[]).map(
    (n) => n.message,
  );

/** A refusal: the status, a readable message, and nothing appended. */
async function refused(
  user: TestUser | undefined,
  body: unknown,
  status: number,
  options: { rawBody?: string; method?: Method } = {},
) {
  const before = await stack.eventCount();
  const answer = await stack.api(options.method ?? 'POST', `/api/projects/${projectId}/reviews`, {
    user,
    body,
    rawBody: options.rawBody,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  // A signed-out caller is refused before the handler, in the authorizer's own shape.
  const error = answer.body.error ?? {
    code: 'UNAUTHORIZED',
    message: (answer.body as { message?: string }).message ?? '',
  };
  expect(typeof error.message).toBe('string');
  expect(error.message.length).toBeGreaterThan(3);
  await stack.settle();
  expect(await stack.eventCount()).toBe(before);
  return error as { code: string; message: string };
}

beforeAll(async () => {
  stack = await TestStack.start();
  [owner, otherClient, admin, designer] = await Promise.all([
    stack.signUpClient({ name: 'Cleo Client' }),
    stack.signUpClient(),
    stack.admin(),
    stack.designer(),
  ]);
  // A second designer, pre-authorised, registered and linked: a designer, but not this project's.
  const email = uniqueEmail('designer');
  expect((await stack.api('POST', '/api/designers', { user: admin, body: { email } })).status).toBe(201);
  await stack.settle();
  const registered = await stack.provenClient({}, email);
  const [invitation] = (await stack.local.outbox.list(email)).filter((mail) => mail.tag === 'designer-invite');
  expect(
    (
      await stack.api('POST', `/api/designer-invites/${/token=([A-Za-z0-9_-]+)/.exec(invitation!.text)![1]}/accept`, {
        user: registered,
      })
    ).status,
  ).toBe(200);
  await stack.settle();
  otherDesigner = await stack.signIn(email, 'CorrectHorse#2026');

  projectId = (
    await stack.api('POST', '/api/projects', { user: owner, body: minimalProject({ title: 'Review loop' }) })
  ).body.project.id;
  await stack.settle();
  expect(
    (
      await stack.api('PATCH', `/api/projects/${projectId}`, {
        user: admin,
        body: { designer: { designer_id: designer.sub }, status: 'delivered' },
      })
    ).status,
  ).toBe(200);
  await stack.settle();
}, 120_000);
afterAll(() => stack?.stop());

describe('the review loop', () => {
  let deliverableId: string;
  const notes: string[] = [];

  it('a deliverable is reviewable: the client reviews, the designer responds', async () => {
    const uploaded = await uploadDeliverable(designer, 'Floor plan.pdf');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    deliverableId = uploaded.body.file.id;
    await stack.settle();
    const seen = await review(owner);
    expect(seen).toMatchObject({ revision_round: 0, approved_by_client: false, can_review: true, can_respond: false });
    expect(seen.deliverables).toEqual([
      expect.objectContaining({
        deliverable_id: deliverableId,
        file_name: 'Floor_plan.pdf',
        current_version: 1,
        status: 'awaiting_review',
        ready_for_review: false,
        notes: [],
        decisions: [],
      }),
    ]);
    expect(seen.deliverables[0]!.versions[0]).toMatchObject({
      version: 1,
      file_id: deliverableId,
      uploaded_by_name: expect.any(String),
    });
    expect(await review(designer)).toMatchObject({ can_review: false, can_respond: true });
    expect(await review(admin)).toMatchObject({ can_review: false, can_respond: true });
  });

  it('the client pins two notes (HTML stays text) and requests changes: round 1, back to In Progress', async () => {
    for (const [page, text] of [
      [1, HTML_NOTE],
      [2, 'Darker floors'],
    ] as const) {
      const pinned = await act(owner, {
        action: 'pin_note',
        deliverable_id: deliverableId,
        version: 1,
        page,
        x: 0.25,
        y: 0.5,
        text,
      });
      expect(pinned.status, JSON.stringify(pinned.body)).toBe(201);
      expect(pinned.body).toEqual({ events: ['ReviewNotePinned'], note_id: expect.stringMatching(/^[0-9A-Z]{26}$/) });
      notes.push(pinned.body.note_id!);
    }
    const requested = await act(owner, {
      action: 'request_changes',
      deliverable_id: deliverableId,
      version: 1,
      summary: 'Two changes, see the pins',
    });
    expect(requested.status, JSON.stringify(requested.body)).toBe(200);
    expect(requested.body).toEqual({ events: ['ChangesRequested', 'ProjectStatusChanged'], revision_round: 1 });
    await stack.settle();

    const seen = await review(owner);
    expect(seen.revision_round).toBe(1);
    expect(seen.deliverables[0]).toMatchObject({ status: 'changes_requested', ready_for_review: false });
    expect(seen.deliverables[0]!.notes.map((n) => [n.number, n.page, n.text, n.resolved, n.author_name])).toEqual([
      [1, 1, HTML_NOTE, false, 'Cleo Client'],
      [2, 2, 'Darker floors', false, 'Cleo Client'],
    ]);
    expect(seen.deliverables[0]!.decisions).toEqual([
      expect.objectContaining({
        version: 1,
        decision: 'changes_requested',
        summary: 'Two changes, see the pins',
        round: 1,
        by_name: 'Cleo Client',
      }),
    ]);

    expect(await detail(owner)).toMatchObject({
      status: 'in_progress',
      review_summary: {
        approved_by_client: false,
        ready_for_review: false,
        changes_requested: true,
        revision_round: 1,
      },
    });
    expect((await card(admin))?.review_summary).toEqual({
      approved_by_client: false,
      ready_for_review: false,
      changes_requested: true,
      revision_round: 1,
    });
    expect(await log()).toContain('Changes requested (2 notes): "Two changes, see the pins"');
    expect(await bell(designer)).toContain('Changes requested on Review loop (2 notes): "Two changes, see the pins"');
    expect(await bell(admin)).toContain('Changes requested on Review loop (2 notes)');
  });

  it('a decision is taken once: the same version cannot be sent back or approved again', async () => {
    expect(
      (
        await refused(
          owner,
          { action: 'request_changes', deliverable_id: deliverableId, version: 1, summary: 'again' },
          409,
        )
      ).message,
    ).toBe('Changes were already requested on v1');
    await refused(owner, { action: 'approve', deliverable_id: deliverableId, version: 1 }, 409);
  });

  it('the designer resolves a note (once), uploads v2: the client is asked to review again', async () => {
    const resolved = await act(designer, { action: 'resolve', note_id: notes[0] });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body).toEqual({ events: ['ReviewNoteResolved'] });
    expect((await refused(designer, { action: 'resolve', note_id: notes[0] }, 409)).message).toBe(
      'This note is already resolved',
    );

    const v2 = await uploadDeliverable(designer, 'Floor plan v2.pdf', deliverableId);
    expect(v2.status, JSON.stringify(v2.body)).toBe(201);
    expect(v2.body.file).toMatchObject({ version_of: deliverableId, version: 2 });
    await stack.settle();

    const seen = await review(owner);
    expect(seen.deliverables[0]).toMatchObject({
      current_version: 2,
      file_name: 'Floor_plan_v2.pdf',
      status: 'awaiting_review',
      ready_for_review: true,
    });
    expect(seen.deliverables[0]!.versions.map((v) => v.version)).toEqual([1, 2]);
    expect(seen.deliverables[0]!.notes.map((n) => n.resolved)).toEqual([true, false]);
    expect((await card(owner))?.review_summary).toEqual({
      approved_by_client: false,
      ready_for_review: true,
      changes_requested: false,
      revision_round: 1,
    });
    expect(await bell(owner)).toContain('Floor_plan_v2.pdf (v2) is ready for review on Review loop');
    expect(await log()).toContain('New deliverable version uploaded');
  });

  it('the client approves the current version only: Approved by client', async () => {
    expect((await refused(owner, { action: 'approve', deliverable_id: deliverableId, version: 1 }, 409)).message).toBe(
      'Only the current version (v2) can be approved or sent back',
    );
    const approved = await act(owner, { action: 'approve', deliverable_id: deliverableId, version: 2 });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toEqual({ events: ['DeliverableApproved'] });
    await stack.settle();
    expect(await review(admin)).toMatchObject({ approved_by_client: true, revision_round: 1 });
    expect((await detail(designer)).review_summary).toEqual({
      approved_by_client: true,
      ready_for_review: false,
      changes_requested: false,
      revision_round: 1,
    });
    expect((await card(admin))?.review_summary).toMatchObject({ approved_by_client: true });
    expect(await log()).toContain('Deliverable approved');
    expect(await bell(designer)).toContain('The client approved Floor_plan_v2.pdf (v2) on Review loop');

    const insights = await stack.api('GET', '/api/insights', { user: admin });
    expect(insights.status, JSON.stringify(insights.body)).toBe(200);
    const row = (
      insights.body.client_review.by_project as {
        project_id: string;
        rounds: number;
        days_to_approval: number | null;
      }[]
    ).find((p) => p.project_id === projectId);
    expect(row).toMatchObject({ rounds: 1, days_to_approval: expect.any(Number) });
    expect(insights.body.client_review).toMatchObject({ with_change_requests: 1, rounds: 1, approved: 1 });
  });

  it('the history keeps every review event, in order', async () => {
    const audit = await stack.api('GET', `/api/audit/project-${projectId}`, { user: admin });
    expect(audit.status).toBe(200);
    const types = (audit.body.events as { type: string }[]).map((e) => e.type);
    expect(
      types.filter((t) =>
        ['ReviewNotePinned', 'ChangesRequested', 'ReviewNoteResolved', 'FileUploaded', 'DeliverableApproved'].includes(
          t,
        ),
      ),
    ).toEqual([
      'FileUploaded',
      'ReviewNotePinned',
      'ReviewNotePinned',
      'ChangesRequested',
      'ReviewNoteResolved',
      'FileUploaded',
      'DeliverableApproved',
    ]);
    expect(audit.body.verification.intact).toBe(true);
  });
});

describe('attacks on the review', () => {
  let deliverableId: string;
  let noteId: string;
  beforeAll(async () => {
    const uploaded = await uploadDeliverable(designer, 'Elevations.pdf');
    deliverableId = uploaded.body.file.id;
    noteId = (
      await act(owner, {
        action: 'pin_note',
        deliverable_id: deliverableId,
        version: 1,
        page: 1,
        x: 0,
        y: 1,
        text: 'Corner note',
      })
    ).body.note_id!;
    await stack.settle();
  });

  it('nobody else sees a note or acts on one: 404 as for a project they cannot read', async () => {
    for (const user of [otherClient, otherDesigner]) {
      const answer = await stack.api('GET', `/api/projects/${projectId}/reviews`, { user });
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Corner note');
      await refused(
        user,
        { action: 'pin_note', deliverable_id: deliverableId, version: 1, page: 1, x: 0.5, y: 0.5, text: 'Sneaky' },
        404,
      );
      await refused(user, { action: 'resolve', note_id: noteId }, 404);
      await refused(user, { action: 'approve', deliverable_id: deliverableId, version: 1 }, 404);
    }
    await refused(undefined, { action: 'approve', deliverable_id: deliverableId, version: 1 }, 401);
    expect((await stack.api('GET', `/api/projects/${newId()}/reviews`, { user: owner })).status).toBe(404);
  });

  it('the studio does not review, the client does not resolve', async () => {
    expect(
      (await refused(designer, { action: 'approve', deliverable_id: deliverableId, version: 1 }, 403)).message,
    ).toBe("Only the project's client and their team review deliverables");
    await refused(
      admin,
      { action: 'pin_note', deliverable_id: deliverableId, version: 1, page: 1, x: 0.5, y: 0.5, text: 'Admin note' },
      403,
    );
    await refused(owner, { action: 'resolve', note_id: noteId }, 403);
    await refused(owner, { action: 'request_changes', deliverable_id: newId(), version: 1, summary: 'x' }, 404);
    await refused(
      owner,
      { action: 'pin_note', deliverable_id: deliverableId, version: 5, page: 1, x: 0.5, y: 0.5, text: 'Later' },
      404,
    );
  });

  it('bad bodies are 400 with a message, never 500, and append nothing', async () => {
    const pin = { action: 'pin_note', deliverable_id: deliverableId, version: 1, page: 1, x: 0.5, y: 0.5, text: 'ok' };
    const bad: unknown[] = [
      {},
      null,
      [],
      'pin',
      { action: 'delete_everything' },
      { ...pin, x: 1.5 },
      { ...pin, y: -0.1 },
      { ...pin, page: 0 },
      { ...pin, page: 1.5 },
      { ...pin, version: 0 },
      { ...pin, version: '1' },
      { ...pin, text: '   ' },
      { ...pin, text: 'x'.repeat(NOTE_TEXT_MAX + 1) },
      { ...pin, text: 42 },
      { ...pin, extra: true },
      { ...pin, deliverable_id: '' },
      { action: 'resolve' },
      { action: 'resolve', note_id: 'x'.repeat(500) },
      { action: 'request_changes', deliverable_id: deliverableId, version: 1, summary: 'x'.repeat(5000) },
    ];
    for (const body of bad) await refused(owner, body, 400);
    await refused(owner, undefined, 400, { rawBody: '{"action": "pin_note", ' });
    // A body that parses but asks for what the rules refuse is still a 4xx with the rule's words.
  });

  it(`a version holds at most ${NOTES_PER_VERSION_MAX} notes: the next is 429 with a readable message`, async () => {
    const third = (await uploadDeliverable(designer, 'Sections.pdf')).body.file.id as string;
    // The version filled up in one commit (as a hundred pins would, only faster).
    const runtime = stack.local.runtime;
    const streamId = `project-${projectId}`;
    const { version, lastHash } = await loadState(reviewDecider, streamId, runtime);
    const full = Array.from({ length: NOTES_PER_VERSION_MAX }, (_, i) =>
      ReviewNotePinned.create({
        note_id: newId(),
        deliverable_id: third,
        version: 1,
        page: 1,
        x: 0.5,
        y: 0.5,
        text: `note ${i}`,
      }),
    );
    await runtime.publisher.publish(
      await runtime.store.append(
        streamId,
        full,
        { version, hash: lastHash },
        { actor: { sub: owner.sub, role: 'client' } },
      ),
    );
    const error = await refused(
      owner,
      { action: 'pin_note', deliverable_id: third, version: 1, page: 1, x: 0.5, y: 0.5, text: 'One too many' },
      429,
    );
    expect(error).toEqual({
      code: 'LIMIT_REACHED',
      message:
        `A version holds at most ${NOTES_PER_VERSION_MAX} notes: resolve or combine notes, or ask for a new ` +
        `version first`,
    });
  });
});
