import { describe, expect, it } from 'vitest';
import type { Actor, EventEnvelope, NewEvent } from '../../../events/envelope.js';
import { DELIVERABLE_FILES_PER_PROJECT_MAX, PAGES_MAX } from '../../../shared/uploads.js';
import { ViewItemTooLarge, VIEW_ITEM_MAX_BYTES, itemBytes } from '../../platform/views/item-size.js';
import { DesignerAssigned, FileUploaded, ProjectSubmitted } from '../projects/events.js';
import {
  NOTE_TEXT_MAX,
  NOTES_PER_PROJECT_MAX,
  NOTES_PER_VERSION_MAX,
  REPLIES_PER_NOTE_MAX,
  REPLIES_PER_PROJECT_MAX,
  SUMMARY_MAX,
} from './contracts.js';
import { ChangesRequested, ReviewNotePinned, ReviewNoteReplied, ReviewNoteResolved } from './events.js';
import { REVIEW_ITEM_MAX_BYTES } from './keys.js';
import { reviewsProjection } from './projection.js';

/**
 * Every item of the review written at its cap (the caps of contracts.ts and shared/uploads.ts, the
 * longest fields the event schemas allow, three UTF-8 bytes a character) stays under its documented
 * bound (keys.ts REVIEW_ITEM_MAX_BYTES, docs/security.md#bounds) and under 350 KB; so does the state
 * the projection's checkpoint keeps.
 */
const CHECKPOINT_STATE_MAX_BYTES = 256 * 1024;
const CLIENT: Actor = { sub: 'c'.repeat(64), role: 'client' };
const DESIGNER: Actor = { sub: 'd'.repeat(64), role: 'designer' };
const wide = (length: number) => '€'.repeat(length);
/** Ids are ULIDs the server makes (project, file, note, reply): 26 characters. */
const id = (prefix: string, i: number) => `${prefix}${String(i).padStart(25, '0')}`;

function history(): EventEnvelope[] {
  const events: [NewEvent, Actor][] = [];
  events.push([
    ProjectSubmitted.create({
      project_id: id('P', 0),
      user_id: CLIENT.sub,
      team_id: 't'.repeat(64),
      title: wide(200),
      project_category: 'Design',
      project_type: 'Concept',
      property_type: 'single_family',
      description: 'A long enough description',
      design_priority: [],
      area_sqft: null,
      existing_plans: false,
      permit_needs: null,
      deliverables: ['Layout Plan'],
      room_selection: [],
      room_notes: null,
      inspiration_links: [],
      project_address: null,
      checklist: [],
      total_estimated_hours: 0,
      estimated_turnaround_days: null,
      checklist_origin: 'manual',
    }),
    CLIENT,
  ]);
  events.push([
    DesignerAssigned.create({
      designer_id: DESIGNER.sub,
      designer_email: `${'e'.repeat(64)}@${'x'.repeat(180)}.test`,
      designer_name: 'Dee',
    }),
    CLIENT,
  ]);
  const file = (fileId: string, extra: { version_of?: string; version?: number } = {}) =>
    FileUploaded.create({
      file_id: fileId,
      file_name: wide(255),
      file_type: 'deliverable',
      file_category: 'application/pdf',
      file_size: 50 * 1024 * 1024,
      file_url: 'k'.repeat(1024),
      page_count: PAGES_MAX,
      ...extra,
    });
  // One deliverable with as many versions as the notes need; every other file a deliverable of its own.
  const versionsOfFirst = Math.ceil(NOTES_PER_PROJECT_MAX / NOTES_PER_VERSION_MAX);
  const first = id('D', 0);
  events.push([file(first), DESIGNER]);
  for (let version = 2; version <= versionsOfFirst; version += 1)
    events.push([file(id('V', version), { version_of: first, version }), DESIGNER]);
  for (let i = 1; i <= DELIVERABLE_FILES_PER_PROJECT_MAX - versionsOfFirst; i += 1)
    events.push([file(id('D', i)), DESIGNER]);
  for (let i = 0; i < NOTES_PER_PROJECT_MAX; i += 1) {
    const note = ReviewNotePinned.create({
      note_id: id('N', i),
      deliverable_id: first,
      version: Math.floor(i / NOTES_PER_VERSION_MAX) + 1,
      page: PAGES_MAX,
      x: 0.12345678901234568,
      y: 0.9876543210987654,
      text: wide(NOTE_TEXT_MAX),
    });
    events.push([note, CLIENT]);
  }
  for (let i = 0; i < REPLIES_PER_PROJECT_MAX; i += 1) {
    events.push([
      ReviewNoteReplied.create({
        note_id: id('N', Math.floor(i / REPLIES_PER_NOTE_MAX)),
        reply_id: id('R', i),
        text: wide(NOTE_TEXT_MAX),
      }),
      DESIGNER,
    ]);
  }
  for (let i = 0; i < NOTES_PER_PROJECT_MAX; i += 1)
    events.push([ReviewNoteResolved.create({ note_id: id('N', i) }), DESIGNER]);
  // A decision on every deliverable's current version, each with the longest summary.
  events.push([
    ChangesRequested.create({
      deliverable_id: first,
      version: versionsOfFirst,
      round: 1,
      note_count: NOTES_PER_VERSION_MAX,
      summary: wide(SUMMARY_MAX),
    }),
    CLIENT,
  ]);
  for (let i = 1; i <= DELIVERABLE_FILES_PER_PROJECT_MAX - versionsOfFirst; i += 1) {
    events.push([
      ChangesRequested.create({
        deliverable_id: id('D', i),
        version: 1,
        round: 1,
        note_count: 0,
        summary: wide(SUMMARY_MAX),
      }),
      CLIENT,
    ]);
  }
  return events.map(
    ([event, actor], i) =>
      ({
        ...event,
        streamId: `project-${id('P', 0)}`,
        version: i + 1,
        schemaVersion: 1,
        eventId: `E${String(i + 1).padStart(25, '0')}`,
        at: '2026-11-28T10:00:00.000Z',
        actor,
        correlationId: 'c'.repeat(26),
        causationId: null,
        prevHash: '',
        hash: '',
      }) as EventEnvelope,
  );
}

describe('the review view at its caps', () => {
  it('writes every item under its documented bound and under 350 KB; the checkpoint state under 256 KB', () => {
    const largest = new Map<string, number>();
    const count = new Map<string, number>();
    const kindOf = (sk: string) =>
      sk === 'doc'
        ? 'summary'
        : sk.startsWith('note#')
          ? 'note'
          : sk.startsWith('resolved#')
            ? 'resolved'
            : sk.startsWith('reply#')
              ? 'reply'
              : 'summaryText';
    const measure = (item: Record<string, unknown> & { sk: string }) => {
      const kind = kindOf(item.sk);
      largest.set(kind, Math.max(largest.get(kind) ?? 0, itemBytes(item)));
      count.set(kind, (count.get(kind) ?? 0) + 1);
    };
    let state = reviewsProjection.initialState();
    for (const event of history()) {
      const after = reviewsProjection.evolve(state, event);
      for (const item of reviewsProjection.eventItems!(event, state, after)) measure(item);
      state = after;
    }
    for (const item of reviewsProjection.items(state, 'project-x')) measure(item);

    expect(Object.fromEntries(count)).toEqual({
      summary: 1,
      note: NOTES_PER_PROJECT_MAX,
      reply: REPLIES_PER_PROJECT_MAX,
      resolved: NOTES_PER_PROJECT_MAX,
      summaryText: DELIVERABLE_FILES_PER_PROJECT_MAX - 3,
    });
    for (const [kind, bytes] of largest) {
      expect(bytes, kind).toBeLessThanOrEqual(REVIEW_ITEM_MAX_BYTES[kind as keyof typeof REVIEW_ITEM_MAX_BYTES]);
      expect(bytes, kind).toBeLessThan(VIEW_ITEM_MAX_BYTES);
    }
    const checkpoint = Buffer.byteLength(JSON.stringify(state), 'utf8');
    expect(checkpoint).toBeLessThan(CHECKPOINT_STATE_MAX_BYTES);
    // The figures for docs/security.md#bounds.
    console.log(
      'review items at their caps (bytes):',
      JSON.stringify({ ...Object.fromEntries(largest), checkpointState: checkpoint }),
    );
  });

  it('refuses to write an item over its bound, by name, before any write', () => {
    const state = {
      ...reviewsProjection.initialState(),
      exists: true,
      project_id: 'p1',
      title: wide(REVIEW_ITEM_MAX_BYTES.summary),
    };
    expect(() => reviewsProjection.items(state, 'project-p1')).toThrow(ViewItemTooLarge);
  });
});
