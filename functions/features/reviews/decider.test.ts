import { describe, expect, it } from 'vitest';
import type { Actor, NewEvent } from '../../../events/envelope.js';
import { by, deciderSpec } from '../../../tests/support/given-when-then.js';
import { DesignerAssigned, FileUploaded, ProjectStatusChanged, ProjectSubmitted } from '../projects/events.js';
import { PAGES_MAX } from '../../../shared/uploads.js';
import {
  NOTE_TEXT_MAX,
  NOTES_PER_PROJECT_MAX,
  NOTES_PER_VERSION_MAX,
  REPLIES_PER_NOTE_MAX,
  REPLIES_PER_PROJECT_MAX,
} from './contracts.js';
import {
  NOTE_OR_SUMMARY,
  REPLIERS_ONLY,
  REVIEWERS_ONLY,
  RESPONDERS_ONLY,
  TOO_MANY_NOTES,
  TOO_MANY_PROJECT_NOTES,
  TOO_MANY_PROJECT_REPLIES,
  TOO_MANY_REPLIES,
  noSuchPage,
  reviewDecider,
  type ReviewCommand,
} from './decider.js';
import {
  ChangesRequested,
  DeliverableApproved,
  ReviewNotePinned,
  ReviewNoteReplied,
  ReviewNoteResolved,
} from './events.js';

const CLIENT: Actor = { sub: 'client-1', role: 'client' };
const MATE: Actor = { sub: 'mate-1', role: 'client' };
const STRANGER: Actor = { sub: 'stranger', role: 'client' };
const DESIGNER: Actor = { sub: 'designer-1', role: 'designer' };
const OTHER_DESIGNER: Actor = { sub: 'designer-2', role: 'designer' };
const ADMIN: Actor = { sub: 'admin-1', role: 'admin' };
const TEAM = 'team-1';

const submitted = ProjectSubmitted.create({
  project_id: 'p1',
  user_id: CLIENT.sub,
  team_id: TEAM,
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
const assigned = DesignerAssigned.create({ designer_id: DESIGNER.sub, designer_email: null, designer_name: 'Dee' });
const inProgress = ProjectStatusChanged.create({ from: 'queued', to: 'in_progress' });
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
const v1 = file('d1');
const v2 = file('d1v2', { version_of: 'd1', version: 2 });
const pinned = (note_id: string, version = 1) =>
  ReviewNotePinned.create({ note_id, deliverable_id: 'd1', version, page: 1, x: 0.5, y: 0.5, text: `note ${note_id}` });
const delivered: NewEvent[] = [submitted, assigned, inProgress, v1];

const pin = (overrides: Partial<Extract<ReviewCommand, { type: 'PinNote' }>> = {}): ReviewCommand => ({
  type: 'PinNote',
  note_id: 'n1',
  deliverable_id: 'd1',
  version: 1,
  page: 1,
  x: 0.25,
  y: 0.75,
  text: 'Move the window 2 ft left',
  caller_team_id: null,
  ...overrides,
});
const approve = (version = 1, caller_team_id: string | null = null): ReviewCommand => ({
  type: 'Approve',
  deliverable_id: 'd1',
  version,
  caller_team_id,
});
const requestChanges = (
  version = 1,
  summary: string | null = null,
  caller_team_id: string | null = null,
): ReviewCommand => ({ type: 'RequestChanges', deliverable_id: 'd1', version, summary, caller_team_id });

const spec = deciderSpec(reviewDecider);

describe('reviews decider: who reviews', () => {
  it('the client pins a note on an existing version', () =>
    spec(delivered, CLIENT)
      .when(pin())
      .then([
        ReviewNotePinned.create({
          note_id: 'n1',
          deliverable_id: 'd1',
          version: 1,
          page: 1,
          x: 0.25,
          y: 0.75,
          text: 'Move the window 2 ft left',
        }),
      ]));
  it("a member of the client's team reviews too", () =>
    spec(delivered, MATE)
      .when(pin({ caller_team_id: TEAM }))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['ReviewNotePinned'])));
  it('someone from another team does not', () =>
    spec(delivered, MATE)
      .when(pin({ caller_team_id: 'team-2' }))
      .thenThrows(REVIEWERS_ONLY, 'FORBIDDEN'));
  it('a stranger does not', () => spec(delivered, STRANGER).when(approve()).thenThrows(REVIEWERS_ONLY, 'FORBIDDEN'));
  it('the assigned designer does not review', () =>
    spec(delivered, DESIGNER).when(requestChanges(1, 'Fix it')).thenThrows(REVIEWERS_ONLY, 'FORBIDDEN'));
  it('an admin does not review for the client', () =>
    spec(delivered, ADMIN).when(approve()).thenThrows(REVIEWERS_ONLY, 'FORBIDDEN'));
  it('nothing is reviewed on a project that does not exist', () =>
    spec([], CLIENT).when(pin()).thenThrows('Project not found', 'NOT_FOUND'));
});

describe('reviews decider: pinning a note', () => {
  it('on a deliverable that exists', () =>
    spec(delivered, CLIENT)
      .when(pin({ deliverable_id: 'nope' }))
      .thenThrows('Deliverable not found', 'NOT_FOUND'));
  it('on a client upload: not a deliverable', () =>
    spec(
      [
        ...delivered,
        FileUploaded.create({
          file_id: 'c1',
          file_name: 'photo.jpg',
          file_type: 'client_upload',
          file_category: 'image/jpeg',
          file_size: 1,
          file_url: 'p1/client/c1.jpg',
        }),
      ],
      CLIENT,
    )
      .when(pin({ deliverable_id: 'c1' }))
      .thenThrows('Deliverable not found', 'NOT_FOUND'));
  it('on a version that exists', () =>
    spec(delivered, CLIENT)
      .when(pin({ version: 2 }))
      .thenThrows('Version v2 not found', 'NOT_FOUND'));
  it('on an earlier version too', () =>
    spec([...delivered, v2], CLIENT)
      .when(pin({ version: 1 }))
      .then((events) => expect(events).toHaveLength(1)));
  it('pages from 1', () =>
    spec(delivered, CLIENT)
      .when(pin({ page: 0 }))
      .thenThrows('Pages are numbered from 1', 'INVALID'));
  it('inside the page', () => {
    spec(delivered, CLIENT)
      .when(pin({ x: 1.01 }))
      .thenThrows('inside the page', 'INVALID');
    spec(delivered, CLIENT)
      .when(pin({ y: -0.1 }))
      .thenThrows('inside the page', 'INVALID');
    spec(delivered, CLIENT)
      .when(pin({ x: Number.NaN }))
      .thenThrows('inside the page', 'INVALID');
  });
  it('with text, trimmed, at most NOTE_TEXT_MAX characters', () => {
    spec(delivered, CLIENT)
      .when(pin({ text: '   ' }))
      .thenThrows('Write a note first', 'INVALID');
    spec(delivered, CLIENT)
      .when(pin({ text: 'x'.repeat(NOTE_TEXT_MAX + 1) }))
      .thenThrows(`at most ${NOTE_TEXT_MAX}`, 'INVALID');
    spec(delivered, CLIENT)
      .when(pin({ text: '  <b>bold</b>  ' }))
      .then((events) => expect((events[0]!.data as { text: string }).text).toBe('<b>bold</b>'));
  });
  it(`at most ${NOTES_PER_VERSION_MAX} notes on one version (a limit, answered 429)`, () => {
    const full = Array.from({ length: NOTES_PER_VERSION_MAX }, (_, i) => pinned(`n${i}`));
    spec([...delivered, ...full], CLIENT)
      .when(pin({ note_id: 'one-more' }))
      .thenThrows(TOO_MANY_NOTES, 'LIMIT_REACHED');
    // Another version has its own room.
    spec([...delivered, ...full, v2], CLIENT)
      .when(pin({ note_id: 'one-more', version: 2 }))
      .then((events) => expect(events).toHaveLength(1));
  });
  it('the same note sent again appends nothing', () =>
    spec([...delivered, pinned('n1')], CLIENT)
      .when(pin({ note_id: 'n1' }))
      .then([]));
  it(`at most ${NOTES_PER_PROJECT_MAX} notes on the whole project, however many versions (429)`, () => {
    const perVersion = NOTES_PER_VERSION_MAX;
    const versions = Math.ceil(NOTES_PER_PROJECT_MAX / perVersion) + 1;
    const uploads = Array.from({ length: versions - 1 }, (_, i) =>
      file(`d1v${i + 2}`, { version_of: 'd1', version: i + 2 }),
    );
    const notes = Array.from({ length: NOTES_PER_PROJECT_MAX }, (_, i) =>
      pinned(`n${i}`, Math.floor(i / perVersion) + 1),
    );
    // The last version has room of its own, the project has none.
    spec([...delivered, ...uploads, ...notes], CLIENT)
      .when(pin({ note_id: 'one-more', version: versions }))
      .thenThrows(TOO_MANY_PROJECT_NOTES, 'LIMIT_REACHED');
    spec([...delivered, ...uploads, ...notes.slice(1)], CLIENT)
      .when(pin({ note_id: 'one-more', version: versions }))
      .then((events) => expect(events).toHaveLength(1));
  });
});

describe('reviews decider: pages that exist', () => {
  const counted = (pages: number) =>
    FileUploaded.create({
      file_id: 'd1',
      file_name: 'plan.pdf',
      file_type: 'deliverable',
      file_category: 'application/pdf',
      file_size: 10,
      file_url: 'p1/deliverable/d1.pdf',
      page_count: pages,
    });
  it('a note on the last page of a counted PDF', () =>
    spec([submitted, assigned, counted(3)], CLIENT)
      .when(pin({ page: 3 }))
      .then((events) => expect(events).toHaveLength(1)));
  it('not past it', () =>
    spec([submitted, assigned, counted(3)], CLIENT)
      .when(pin({ page: 4 }))
      .thenThrows(noSuchPage(4, 3), 'INVALID'));
  it('an image is one page', () =>
    spec([submitted, assigned, counted(1)], CLIENT)
      .when(pin({ page: 2 }))
      .thenThrows('Page 2 does not exist: this version has 1 page', 'INVALID'));
  it('each version by its own count', () => {
    const longer = FileUploaded.create({
      file_id: 'd1v2',
      file_name: 'plan.pdf',
      file_type: 'deliverable',
      file_category: 'application/pdf',
      file_size: 10,
      file_url: 'p1/deliverable/d1v2.pdf',
      version_of: 'd1',
      version: 2,
      page_count: 9,
    });
    spec([submitted, assigned, counted(3), longer], CLIENT)
      .when(pin({ page: 9, version: 2 }))
      .then((events) => expect(events).toHaveLength(1));
    spec([submitted, assigned, counted(3), longer], CLIENT)
      .when(pin({ page: 9, version: 1 }))
      .thenThrows(noSuchPage(9, 3), 'INVALID');
  });
  it(`a version recorded before pages were counted: up to ${PAGES_MAX}`, () => {
    spec(delivered, CLIENT)
      .when(pin({ page: PAGES_MAX }))
      .then((events) => expect(events).toHaveLength(1));
    spec(delivered, CLIENT)
      .when(pin({ page: PAGES_MAX + 1 }))
      .thenThrows(noSuchPage(PAGES_MAX + 1, PAGES_MAX), 'INVALID');
  });
});

describe('reviews decider: resolving a note', () => {
  const withNote = [...delivered, pinned('n1')];
  it('the assigned designer resolves', () =>
    spec(withNote, DESIGNER)
      .when({ type: 'ResolveNote', note_id: 'n1' })
      .then([ReviewNoteResolved.create({ note_id: 'n1' })]));
  it('an admin resolves', () =>
    spec(withNote, ADMIN)
      .when({ type: 'ResolveNote', note_id: 'n1' })
      .then([ReviewNoteResolved.create({ note_id: 'n1' })]));
  it('a designer by the e-mail they proved resolves', () => {
    const byEmail = [
      submitted,
      DesignerAssigned.create({ designer_id: null, designer_email: 'dee@example.test' }),
      v1,
      pinned('n1'),
    ];
    let state = reviewDecider.initialState();
    byEmail.forEach((event, i) => {
      state = reviewDecider.evolve(state, { ...event, at: '2026-11-22T10:00:00.000Z', actor: CLIENT, version: i + 1 });
    });
    expect(
      reviewDecider.decide({ type: 'ResolveNote', note_id: 'n1' }, state, {
        actor: OTHER_DESIGNER,
        actorEmail: 'Dee@Example.test',
        now: '',
      }),
    ).toHaveLength(1);
    expect(() =>
      reviewDecider.decide({ type: 'ResolveNote', note_id: 'n1' }, state, { actor: OTHER_DESIGNER, now: '' }),
    ).toThrow(RESPONDERS_ONLY);
  });
  it('a designer not assigned does not', () =>
    spec(withNote, OTHER_DESIGNER)
      .when({ type: 'ResolveNote', note_id: 'n1' })
      .thenThrows(RESPONDERS_ONLY, 'FORBIDDEN'));
  it('the client does not', () =>
    spec(withNote, CLIENT).when({ type: 'ResolveNote', note_id: 'n1' }).thenThrows(RESPONDERS_ONLY, 'FORBIDDEN'));
  it('a note that exists', () =>
    spec(withNote, DESIGNER).when({ type: 'ResolveNote', note_id: 'n9' }).thenThrows('Note not found', 'NOT_FOUND'));
  it('twice is refused', () =>
    spec([...withNote, ReviewNoteResolved.create({ note_id: 'n1' })], DESIGNER)
      .when({ type: 'ResolveNote', note_id: 'n1' })
      .thenThrows('already resolved', 'CONFLICT'));
});

describe('reviews decider: replying to a note', () => {
  const withNote = [...delivered, pinned('n1')];
  const reply = (overrides: Partial<Extract<ReviewCommand, { type: 'ReplyToNote' }>> = {}): ReviewCommand => ({
    type: 'ReplyToNote',
    note_id: 'n1',
    reply_id: 'r1',
    text: 'Moved: see v2, sheet A-101',
    ...overrides,
  });
  const replied = (reply_id: string) =>
    by(DESIGNER, ReviewNoteReplied.create({ note_id: 'n1', reply_id, text: `reply ${reply_id}` }));

  it('the assigned designer replies', () =>
    spec(withNote, DESIGNER)
      .when(reply())
      .then([ReviewNoteReplied.create({ note_id: 'n1', reply_id: 'r1', text: 'Moved: see v2, sheet A-101' })]));
  it('an admin replies', () =>
    spec(withNote, ADMIN)
      .when(reply())
      .then((events) => expect(events.map((e) => e.type)).toEqual(['ReviewNoteReplied'])));
  it('a resolved note can still be answered', () =>
    spec([...withNote, ReviewNoteResolved.create({ note_id: 'n1' })], DESIGNER)
      .when(reply())
      .then((events) => expect(events).toHaveLength(1)));
  it('a designer not assigned does not', () =>
    spec(withNote, OTHER_DESIGNER).when(reply()).thenThrows(REPLIERS_ONLY, 'FORBIDDEN'));
  it('the client does not (they pin a new note)', () =>
    spec(withNote, CLIENT).when(reply()).thenThrows(REPLIERS_ONLY, 'FORBIDDEN'));
  it('to a note that exists', () =>
    spec(withNote, DESIGNER)
      .when(reply({ note_id: 'n9' }))
      .thenThrows('Note not found', 'NOT_FOUND'));
  it('with text, trimmed, at most NOTE_TEXT_MAX characters', () => {
    spec(withNote, DESIGNER)
      .when(reply({ text: '  ' }))
      .thenThrows('Write a reply first', 'INVALID');
    spec(withNote, DESIGNER)
      .when(reply({ text: 'x'.repeat(NOTE_TEXT_MAX + 1) }))
      .thenThrows(`at most ${NOTE_TEXT_MAX}`, 'INVALID');
    spec(withNote, DESIGNER)
      .when(reply({ text: '  <i>done</i> ' }))
      .then((events) => expect((events[0]!.data as { text: string }).text).toBe('<i>done</i>'));
  });
  it(`at most ${REPLIES_PER_NOTE_MAX} replies on one note (a limit, answered 429)`, () => {
    const full = Array.from({ length: REPLIES_PER_NOTE_MAX }, (_, i) => replied(`r${i}`));
    spec([...withNote, ...full], DESIGNER)
      .when(reply({ reply_id: 'one-more' }))
      .thenThrows(TOO_MANY_REPLIES, 'LIMIT_REACHED');
  });
  it('the same reply sent again appends nothing', () =>
    spec([...withNote, replied('r1')], DESIGNER)
      .when(reply())
      .then([]));
  it(`at most ${REPLIES_PER_PROJECT_MAX} replies on the whole project (429)`, () => {
    const notes = Array.from({ length: Math.ceil(REPLIES_PER_PROJECT_MAX / REPLIES_PER_NOTE_MAX) + 1 }, (_, i) =>
      pinned(`m${i}`),
    );
    const replies = Array.from({ length: REPLIES_PER_PROJECT_MAX }, (_, i) =>
      by(
        DESIGNER,
        ReviewNoteReplied.create({
          note_id: `m${Math.floor(i / REPLIES_PER_NOTE_MAX)}`,
          reply_id: `q${i}`,
          text: 'ok',
        }),
      ),
    );
    const last = `m${notes.length - 1}`;
    spec([...delivered, ...notes, ...replies], DESIGNER)
      .when(reply({ note_id: last, reply_id: 'one-more' }))
      .thenThrows(TOO_MANY_PROJECT_REPLIES, 'LIMIT_REACHED');
    spec([...delivered, ...notes, ...replies.slice(1)], DESIGNER)
      .when(reply({ note_id: last, reply_id: 'one-more' }))
      .then((events) => expect(events).toHaveLength(1));
  });
  it('the fold keeps who answered, as what, and when', () => {
    const state = spec(
      [
        ...withNote,
        by(
          ADMIN,
          ReviewNoteReplied.create({ note_id: 'n1', reply_id: 'r1', text: 'On it' }),
          '2026-11-23T09:00:00.000Z',
        ),
      ],
      CLIENT,
    ).state();
    expect(state.notes[0]!.replies).toEqual([
      { reply_id: 'r1', text: 'On it', author: ADMIN.sub, author_role: 'admin', at: '2026-11-23T09:00:00.000Z' },
    ]);
  });
});

describe('reviews decider: deciding', () => {
  it('approve the current version', () =>
    spec(delivered, CLIENT)
      .when(approve())
      .then([DeliverableApproved.create({ deliverable_id: 'd1', version: 1 })]));
  it('a team member approves', () =>
    spec(delivered, MATE)
      .when(approve(1, TEAM))
      .then([DeliverableApproved.create({ deliverable_id: 'd1', version: 1 })]));
  it('only on the current version', () => {
    spec([...delivered, v2], CLIENT)
      .when(approve(1))
      .thenThrows('Only the current version (v2)', 'CONFLICT');
    spec([...delivered, v2], CLIENT)
      .when(requestChanges(1, 'Fix'))
      .thenThrows('Only the current version (v2)', 'CONFLICT');
    spec(delivered, CLIENT).when(approve(3)).thenThrows('Version v3 not found', 'NOT_FOUND');
  });
  it('not twice', () => {
    const approved = [...delivered, DeliverableApproved.create({ deliverable_id: 'd1', version: 1 })];
    spec(approved, CLIENT).when(approve()).thenThrows('v1 is already approved', 'CONFLICT');
    spec(approved, CLIENT).when(requestChanges(1, 'Fix')).thenThrows('v1 is already approved', 'CONFLICT');
    const sent = [
      ...delivered,
      pinned('n1'),
      ChangesRequested.create({ deliverable_id: 'd1', version: 1, round: 1, note_count: 1, summary: null }),
    ];
    spec(sent, CLIENT).when(approve()).thenThrows('Changes were already requested on v1', 'CONFLICT');
  });
  it('request changes needs an open note on that version or a summary', () => {
    spec(delivered, CLIENT).when(requestChanges()).thenThrows(NOTE_OR_SUMMARY, 'INVALID');
    spec(delivered, CLIENT).when(requestChanges(1, '   ')).thenThrows(NOTE_OR_SUMMARY, 'INVALID');
    spec([...delivered, pinned('n1'), ReviewNoteResolved.create({ note_id: 'n1' })], CLIENT)
      .when(requestChanges())
      .thenThrows(NOTE_OR_SUMMARY, 'INVALID');
  });
  it('request changes opens round 1, counts the open notes and moves the project back to In Progress', () => {
    const needsReview = [
      ...delivered,
      ProjectStatusChanged.create({ from: 'in_progress', to: 'delivered' }),
      pinned('n1'),
      pinned('n2'),
    ];
    spec(needsReview, CLIENT)
      .when(requestChanges())
      .then([
        ChangesRequested.create({ deliverable_id: 'd1', version: 1, round: 1, note_count: 2, summary: null }),
        ProjectStatusChanged.create({ from: 'delivered', to: 'in_progress' }),
      ]);
  });
  it('a summary alone will do, and a project already In Progress stays', () =>
    spec(delivered, CLIENT)
      .when(requestChanges(1, '  Darker floors  '))
      .then([
        ChangesRequested.create({
          deliverable_id: 'd1',
          version: 1,
          round: 1,
          note_count: 0,
          summary: 'Darker floors',
        }),
      ]));
  it('the next request after a new version opens round N + 1', () => {
    const history = [
      ...delivered,
      pinned('n1'),
      ChangesRequested.create({ deliverable_id: 'd1', version: 1, round: 1, note_count: 1, summary: null }),
      v2,
    ];
    spec(history, CLIENT)
      .when(requestChanges(2, 'Still too dark'))
      .then((events) =>
        expect(events[0]).toEqual(
          ChangesRequested.create({
            deliverable_id: 'd1',
            version: 2,
            round: 2,
            note_count: 0,
            summary: 'Still too dark',
          }),
        ),
      );
  });
  it('a request while another deliverable is still sent back joins its round', () => {
    const history = [
      ...delivered,
      file('d2'),
      ChangesRequested.create({ deliverable_id: 'd1', version: 1, round: 1, note_count: 0, summary: 'a' }),
    ];
    spec(history, CLIENT)
      .when({ type: 'RequestChanges', deliverable_id: 'd2', version: 1, summary: 'b', caller_team_id: null })
      .then((events) => expect((events[0]!.data as { round: number }).round).toBe(1));
  });
});

describe('reviews decider: versions and readiness', () => {
  const fold = (events: NewEvent[]) => {
    let state = reviewDecider.initialState();
    events.forEach((event, i) => {
      state = reviewDecider.evolve(state, {
        ...event,
        at: `2026-11-22T10:00:0${i % 10}.000Z`,
        actor: CLIENT,
        version: i + 1,
      });
    });
    return state;
  };
  it('a new version after changes were requested is ready for review, until decided', () => {
    const sent = [
      ...delivered,
      pinned('n1'),
      ChangesRequested.create({ deliverable_id: 'd1', version: 1, round: 1, note_count: 1, summary: null }),
    ];
    expect(fold(sent).deliverables[0]).toMatchObject({ status: 'changes_requested', ready_for_review: false });
    expect(fold([...sent, v2]).deliverables[0]).toMatchObject({ status: 'awaiting_review', ready_for_review: true });
    expect(
      fold([...sent, v2, DeliverableApproved.create({ deliverable_id: 'd1', version: 2 })]).deliverables[0],
    ).toMatchObject({ status: 'approved', ready_for_review: false });
  });
  it('a new version without a change request is not asked for again', () => {
    expect(fold([...delivered, v2]).deliverables[0]).toMatchObject({
      status: 'awaiting_review',
      ready_for_review: false,
    });
    expect(fold([...delivered, v2]).deliverables[0]!.versions.map((v) => v.version)).toEqual([1, 2]);
  });
});
