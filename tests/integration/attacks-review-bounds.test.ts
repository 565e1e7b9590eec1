/**
 * The size-bound attack of issue 41: a client with 13 delivered versions pins 100 notes on each, with
 * the longest text, coordinates of 17 digits and the last page. Before, the review was one view item:
 * past 400 KB every later event on the project failed, and an approval answered 200 still read
 * `awaiting_review`. Now the caps refuse what would not fit (429, readable), every item the review
 * writes stays under its documented bound, and the project keeps updating.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTE_TEXT_MAX,
  NOTES_PER_PROJECT_MAX,
  NOTES_PER_VERSION_MAX,
  type ProjectReviewResponse,
} from '../../functions/features/reviews/contracts.js';
import {
  TOO_MANY_NOTES,
  TOO_MANY_PROJECT_NOTES,
  noSuchPage,
  reviewDecider,
  type ReviewCommand,
} from '../../functions/features/reviews/decider.js';
import { REVIEW_ITEM_MAX_BYTES, reviewPartition } from '../../functions/features/reviews/keys.js';
import { projectKey } from '../../functions/features/projects/keys.js';
import type { NewEvent } from '../../events/envelope.js';
import { DomainError } from '../../functions/platform/domain-errors.js';
import { loadState } from '../../functions/platform/event-store/load-state.js';
import { newId } from '../../functions/platform/ids.js';
import { VIEW_ITEM_MAX_BYTES, itemBytes } from '../../functions/platform/views/item-size.js';
import { checkpointKey } from '../../functions/platform/views/checkpoints.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

const VERSIONS = 13;
const PAGES = 2;
let stack: TestStack;
let owner: TestUser;
let admin: TestUser;
let projectId: string;
let deliverableId: string;
let pdf: Uint8Array;

async function uploadVersion(versionOf?: string): Promise<string> {
  const presigned = await stack.api('POST', `/api/projects/${projectId}/uploads`, {
    user: admin,
    body: { file_name: 'Plans.pdf', content_type: 'application/pdf', file_size: pdf.length, file_type: 'deliverable' },
  });
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(201);
  const form = new FormData();
  for (const [field, value] of Object.entries(presigned.body.upload.fields as Record<string, string>))
    form.append(field, value);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Plans.pdf');
  expect((await fetch(presigned.body.upload.url, { method: 'POST', body: form })).status).toBeLessThan(300);
  const recorded = await stack.api('POST', `/api/projects/${projectId}/files`, {
    user: admin,
    body: { key: presigned.body.key, ...(versionOf ? { version_of: versionOf } : {}) },
  });
  expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
  return recorded.body.file.id as string;
}

const act = (body: unknown) => stack.api('POST', `/api/projects/${projectId}/reviews`, { user: owner, body });
const maximalNote = (version: number) => ({
  deliverable_id: deliverableId,
  version,
  page: PAGES,
  x: 0.12345678901234568,
  y: 0.9876543210987654,
  text: '€'.repeat(NOTE_TEXT_MAX),
});

beforeAll(async () => {
  const document = await PDFDocument.create();
  for (let i = 0; i < PAGES; i += 1) document.addPage();
  pdf = await document.save();
  stack = await TestStack.start();
  [owner, admin] = await Promise.all([stack.signUpClient(), stack.admin()]);
  projectId = (
    await stack.api('POST', '/api/projects', { user: owner, body: minimalProject({ title: 'Thirteen versions' }) })
  ).body.project.id;
  await stack.settle();
  deliverableId = await uploadVersion();
  for (let version = 2; version <= VERSIONS; version += 1) await uploadVersion(deliverableId);
  await stack.settle();
}, 600_000);
afterAll(() => stack?.stop());

describe('13 versions × 100 notes with maximal fields', () => {
  it('pages are counted when a version is recorded, and a page the PDF lacks is refused with 400', async () => {
    const review = (await stack.api('GET', `/api/projects/${projectId}/reviews`, { user: owner }))
      .body as ProjectReviewResponse;
    expect(review.deliverables[0]!.versions.map((version) => version.page_count)).toEqual(Array(VERSIONS).fill(PAGES));
    const answer = await act({ action: 'pin_note', ...maximalNote(1), page: PAGES + 1 });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.message).toBe(noSuchPage(PAGES + 1, PAGES));
  });

  it('the caps take what fits; every item stays under its bound; the 101st note and the project’s next get 429; an ' +
    'approval is reflected', async () => {
    const runtime = stack.local.runtime;
    const streamId = `project-${projectId}`;
    const loaded = await loadState(reviewDecider, streamId, runtime);
    // The attack, decided by the review's own decider (as each pin over HTTP would be, only faster).
    let state = loaded.state;
    const accepted: NewEvent[] = [];
    const refusals = new Map<string, number>();
    const context = { actor: { sub: owner.sub, role: 'client' as const }, now: new Date().toISOString() };
    for (let version = 1; version <= VERSIONS; version += 1) {
      for (let i = 0; i < NOTES_PER_VERSION_MAX; i += 1) {
        const command: ReviewCommand = {
          type: 'PinNote',
          note_id: newId(),
          ...maximalNote(version),
          caller_team_id: null,
        };
        try {
          const events = reviewDecider.decide(command, state, context);
          for (const event of events)
            state = reviewDecider.evolve(state, {
              ...event,
              at: context.now,
              actor: context.actor,
              version: accepted.length + loaded.version + 1,
            });
          accepted.push(...events);
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          refusals.set((error as DomainError).message, (refusals.get((error as DomainError).message) ?? 0) + 1);
        }
      }
    }
    expect(accepted).toHaveLength(NOTES_PER_PROJECT_MAX);
    expect(Object.fromEntries(refusals)).toEqual({
      [TOO_MANY_PROJECT_NOTES]: VERSIONS * NOTES_PER_VERSION_MAX - NOTES_PER_PROJECT_MAX,
    });
    // Appended in commits of 25 (each under the store's item limit), and projected as usual.
    let expected = { version: loaded.version, hash: loaded.lastHash };
    for (let start = 0; start < accepted.length; start += 25) {
      const commit = await runtime.store.append(streamId, accepted.slice(start, start + 25), expected, {
        actor: context.actor,
      });
      await runtime.publisher.publish(commit);
      expected = { version: commit.lastVersion, hash: commit.events.at(-1)!.hash };
    }
    await stack.settle();

    // Over HTTP: the 101st note on a full version, and the next note on the project, are 429.
    const full = await act({ action: 'pin_note', ...maximalNote(1) });
    expect(full.status, JSON.stringify(full.body)).toBe(429);
    expect(full.body.error).toEqual({ code: 'LIMIT_REACHED', message: TOO_MANY_NOTES });
    const projectFull = await act({ action: 'pin_note', ...maximalNote(VERSIONS) });
    expect(projectFull.status, JSON.stringify(projectFull.body)).toBe(429);
    expect(projectFull.body.error).toEqual({ code: 'LIMIT_REACHED', message: TOO_MANY_PROJECT_NOTES });

    // Every item the review wrote, and the project's document, under its documented bound.
    const { active } = await runtime.views.generations();
    const items = await runtime.views.query(active, { pk: reviewPartition(projectId) }, { ascending: true });
    expect(items.filter((item) => item.sk.startsWith('note#'))).toHaveLength(NOTES_PER_PROJECT_MAX);
    const bound = (sk: string) =>
      sk === 'doc'
        ? REVIEW_ITEM_MAX_BYTES.summary
        : sk.startsWith('note#')
          ? REVIEW_ITEM_MAX_BYTES.note
          : REVIEW_ITEM_MAX_BYTES.summaryText;
    for (const item of items) expect(itemBytes(item), item.sk).toBeLessThanOrEqual(bound(item.sk));
    const checkpoint = await runtime.views.get(active, checkpointKey('reviews', streamId).pk, 'cp', true);
    expect(itemBytes(checkpoint!)).toBeLessThan(VIEW_ITEM_MAX_BYTES);
    const project = await runtime.views.get(active, projectKey(projectId).pk, projectKey(projectId).sk, true);
    expect(itemBytes(project!)).toBeLessThan(VIEW_ITEM_MAX_BYTES);

    // The project still updates: the approval of the current version is what everyone reads.
    const approved = await act({ action: 'approve', deliverable_id: deliverableId, version: VERSIONS });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    await stack.settle();
    const answer = await stack.api('GET', `/api/projects/${projectId}/reviews`, { user: owner });
    expect(answer.status).toBe(200);
    const review = answer.body as ProjectReviewResponse;
    expect(review.deliverables[0]).toMatchObject({ status: 'approved', current_version: VERSIONS });
    expect(review.approved_by_client).toBe(true);
    expect(review.deliverables[0]!.notes).toHaveLength(NOTES_PER_PROJECT_MAX);
    expect(review.deliverables[0]!.notes[0]!.text).toBe('€'.repeat(NOTE_TEXT_MAX));
    // The whole review, every note and text, stays well under a Lambda response's 6 MB.
    expect(Buffer.byteLength(JSON.stringify(review))).toBeLessThan(6 * 1024 * 1024);
    const card = (
      (await stack.api('GET', '/api/projects', { user: owner })).body.projects as {
        id: string;
        review_summary: { approved_by_client: boolean };
      }[]
    ).find((p) => p.id === projectId);
    expect(card?.review_summary.approved_by_client).toBe(true);
    // 400 notes of 6 KB, each projected with its activity entry: minutes on a loaded 2-core machine.
  }, 900_000);
});
