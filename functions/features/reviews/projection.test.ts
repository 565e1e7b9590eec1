import { describe, expect, it } from 'vitest';
import type { Actor, EventEnvelope, NewEvent } from '../../../events/envelope.js';
import { DesignerAssigned, FileUploaded, ProjectStatusChanged, ProjectSubmitted } from '../projects/events.js';
import { projectsProjection } from '../projects/projection.js';
import { projectIndexItems } from '../projects/project-index.js';
import { noteKey, replyKey, resolvedKey, reviewKey, summaryTextKey } from './keys.js';
import type { ViewItem } from '../../platform/views/views.js';
import { reviewFromItems } from './queries.js';
import { presentReview } from './present.js';
import { reviewsProjection } from './projection.js';
import type { ReviewState } from './state.js';
import {
  ChangesRequested,
  DeliverableApproved,
  ReviewNotePinned,
  ReviewNoteReplied,
  ReviewNoteResolved,
} from './events.js';

const CLIENT: Actor = { sub: 'client-1', role: 'client' };
const DESIGNER: Actor = { sub: 'designer-1', role: 'designer' };

const submitted = ProjectSubmitted.create({
  project_id: 'p1',
  user_id: CLIENT.sub,
  team_id: null,
  title: 'Ranch',
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
});
const file = (file_id: string, extra: { version_of?: string; version?: number } = {}) =>
  FileUploaded.create({
    file_id,
    file_name: `${file_id}.pdf`,
    file_type: 'deliverable',
    file_category: 'application/pdf',
    file_size: 10,
    file_url: `p1/deliverable/${file_id}.pdf`,
    ...extra,
  });

/** The whole loop, each event with the actor who would cause it. */
const loop: [NewEvent, Actor][] = [
  [submitted, CLIENT],
  [DesignerAssigned.create({ designer_id: DESIGNER.sub, designer_email: null }), CLIENT],
  [ProjectStatusChanged.create({ from: 'queued', to: 'delivered' }), DESIGNER],
  [file('d1'), DESIGNER],
  [
    ReviewNotePinned.create({
      note_id: 'n1',
      deliverable_id: 'd1',
      version: 1,
      page: 2,
      x: 0.1,
      y: 0.9,
      text: '<img src=x onerror=alert(1)> move it',
    }),
    CLIENT,
  ],
  [
    ReviewNotePinned.create({
      note_id: 'n2',
      deliverable_id: 'd1',
      version: 1,
      page: 1,
      x: 0.5,
      y: 0.5,
      text: 'darker',
    }),
    CLIENT,
  ],
  [
    ChangesRequested.create({ deliverable_id: 'd1', version: 1, round: 1, note_count: 2, summary: 'Two things' }),
    CLIENT,
  ],
  [ProjectStatusChanged.create({ from: 'delivered', to: 'in_progress' }), CLIENT],
  [ReviewNoteResolved.create({ note_id: 'n1' }), DESIGNER],
  [file('d1v2', { version_of: 'd1', version: 2 }), DESIGNER],
  [DeliverableApproved.create({ deliverable_id: 'd1', version: 2 }), CLIENT],
  [ReviewNoteReplied.create({ note_id: 'n1', reply_id: 'r1', text: 'Moved 2 ft left <b>as asked</b>' }), DESIGNER],
];
const envelopes: EventEnvelope[] = loop.map(
  ([event, actor], i) =>
    ({
      ...event,
      streamId: 'project-p1',
      version: i + 1,
      schemaVersion: 1,
      eventId: `E${String(i + 1).padStart(25, '0')}`,
      at: `2026-11-22T10:00:${String(i).padStart(2, '0')}.000Z`,
      actor,
      correlationId: 'c',
      causationId: null,
      prevHash: '',
      hash: '',
    }) as EventEnvelope,
);

function project<S>(
  projection: { initialState(): S; evolve(state: S, event: EventEnvelope): S },
  events: EventEnvelope[],
  twice: boolean,
): S {
  let state = projection.initialState();
  for (const event of events) {
    state = projection.evolve(state, event);
    if (twice) state = projection.evolve(state, event);
  }
  return state;
}

describe('the review view', () => {
  it('is the same when every event is applied twice', () => {
    const once = project(reviewsProjection, envelopes, false);
    const twice = project(reviewsProjection, envelopes, true);
    expect(twice).toEqual(once);
    expect(reviewsProjection.items(twice, 'project-p1')).toEqual(reviewsProjection.items(once, 'project-p1'));
  });

  it(
    'holds the loop in bounded items: a summary without notes, an item per note, resolution, reply and ' +
      'summary text',
    () => {
      const state = project(reviewsProjection, envelopes, false);
      const [doc, ...others] = reviewsProjection.items(state, 'project-p1');
      expect(others).toEqual([]);
      expect(doc).toMatchObject(reviewKey('p1'));
      const summary = JSON.parse(doc!.doc as string) as ReviewState;
      expect(summary.notes).toEqual([]);
      expect(summary.deliverables[0]).toMatchObject({
        deliverable_id: 'd1',
        status: 'approved',
        ready_for_review: false,
      });
      expect(summary.deliverables[0]!.versions.map((v) => [v.version, v.file_id, v.uploaded_by])).toEqual([
        [1, 'd1', DESIGNER.sub],
        [2, 'd1v2', DESIGNER.sub],
      ]);
      expect(summary.deliverables[0]!.decisions.map((decision) => decision.summary)).toEqual([null, null]);
      expect(summary.revision_round).toBe(1);
      // The projection's state (its checkpoint) keeps no text, place or author of a note.
      expect(state.notes.map((n) => [n.note_id, n.number, n.resolved, n.text, n.page, n.author])).toEqual([
        ['n1', 1, true, '', 0, ''],
        ['n2', 2, false, '', 0, ''],
      ]);

      const partition = new Map<string, ViewItem>([[doc!.sk, doc!]]);
      let before = reviewsProjection.initialState();
      for (const event of envelopes) {
        const after = reviewsProjection.evolve(before, event);
        for (const item of reviewsProjection.eventItems!(event, before, after)) {
          expect(partition.has(item.sk), item.sk).toBe(false);
          partition.set(item.sk, item);
        }
        // Delivered again: no second note or resolution (a reply or text again is the same item, written once).
        const again = reviewsProjection.eventItems!(event, after, reviewsProjection.evolve(after, event));
        expect(again.filter((item) => item.sk.startsWith('note#') || item.sk.startsWith('resolved#'))).toEqual([]);
        before = after;
      }
      expect([...partition.keys()].sort()).toEqual(
        [
          'doc',
          noteKey('p1', 'n1').sk,
          noteKey('p1', 'n2').sk,
          resolvedKey('p1', 'n1').sk,
          replyKey('p1', 'r1').sk,
          summaryTextKey('p1', 'd1', 1).sk,
        ].sort(),
      );

      const stored = reviewFromItems([...partition.values()].reverse())!;
      expect(stored.state.notes.map((n) => [n.number, n.page, n.resolved, n.text])).toEqual([
        [1, 2, true, '<img src=x onerror=alert(1)> move it'],
        [2, 1, false, 'darker'],
      ]);
      expect(stored.state.notes[0]).toMatchObject({
        resolved_by: DESIGNER.sub,
        resolved_at: envelopes[8]!.at,
        author: CLIENT.sub,
        x: 0.1,
        y: 0.9,
      });
      expect(stored.state.notes[0]!.replies).toEqual([
        {
          reply_id: 'r1',
          text: 'Moved 2 ft left <b>as asked</b>',
          author: DESIGNER.sub,
          author_role: 'designer',
          at: envelopes[11]!.at,
        },
      ]);

      const view = presentReview(
        stored.state,
        stored.texts,
        new Map([
          [CLIENT.sub, 'Cleo Client'],
          [DESIGNER.sub, 'Dee Designer'],
        ]),
        { can_review: true, can_respond: false },
      );
      expect(view).toMatchObject({ revision_round: 1, approved_by_client: true, can_review: true, can_respond: false });
      expect(view.deliverables[0]!.notes[0]).toMatchObject({
        number: 1,
        text: '<img src=x onerror=alert(1)> move it',
        author_name: 'Cleo Client',
        resolved: true,
        replies: [
          {
            reply_id: 'r1',
            text: 'Moved 2 ft left <b>as asked</b>',
            author_name: 'Dee Designer',
            author_role: 'designer',
            at: envelopes[11]!.at,
          },
        ],
      });
      expect(view.deliverables[0]!.notes[1]!.replies).toEqual([]);
      expect(view.deliverables[0]!.decisions).toEqual([
        {
          version: 1,
          decision: 'changes_requested',
          summary: 'Two things',
          round: 1,
          by_name: 'Cleo Client',
          at: envelopes[6]!.at,
        },
        { version: 2, decision: 'approved', summary: null, round: null, by_name: 'Cleo Client', at: envelopes[10]!.at },
      ]);
    },
  );
});

describe('the review summary on the board card and the project document', () => {
  const summaryAfter = (count: number, twice = false) =>
    project(projectsProjection, envelopes.slice(0, count), twice).review_summary;
  it('moves through the loop', () => {
    expect(summaryAfter(4)).toEqual({
      approved_by_client: false,
      ready_for_review: false,
      changes_requested: false,
      revision_round: 0,
    });
    expect(summaryAfter(7)).toEqual({
      approved_by_client: false,
      ready_for_review: false,
      changes_requested: true,
      revision_round: 1,
    });
    expect(summaryAfter(10)).toEqual({
      approved_by_client: false,
      ready_for_review: true,
      changes_requested: false,
      revision_round: 1,
    });
    expect(summaryAfter(11)).toEqual({
      approved_by_client: true,
      ready_for_review: false,
      changes_requested: false,
      revision_round: 1,
    });
  });
  it('is the same when every event is applied twice, and rides on the card without the standing', () => {
    const once = project(projectsProjection, envelopes, false);
    expect(project(projectsProjection, envelopes, true)).toEqual(once);
    const card = JSON.parse(String(projectIndexItems(once)[0]!.card));
    expect(card.review_summary).toEqual({
      approved_by_client: true,
      ready_for_review: false,
      changes_requested: false,
      revision_round: 1,
    });
    expect(card.review_standing).toBeUndefined();
    const doc = JSON.parse(String(projectsProjection.items(once, 'project-p1').find((item) => item.sk === 'doc')!.doc));
    expect(doc.review_summary.approved_by_client).toBe(true);
    expect(doc.review_standing).toBeUndefined();
  });
});
