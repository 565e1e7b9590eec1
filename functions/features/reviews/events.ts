import * as z from '../../../events/zod.js';
import { personal, plain } from '../../../events/personal.js';
import { defineEvent, type EventDefinition, type EventOf } from '../../../events/catalogue.js';
import { NOTE_TEXT_MAX, SUMMARY_MAX } from './contracts.js';

/**
 * The client's review, on the project stream (`project-<id>`): the events sit beside the project's
 * own, so one commit can hold a change request and the status it moves the project to, and a
 * project's history tells the whole story in order. A deliverable is named by its v1 file id; its
 * versions are `FileUploaded` events (projects/events.ts) with `version_of` and `version`.
 */
const id = () => plain(z.string().check(z.minLength(1), z.maxLength(128)), 'An id the system generated');
const reviewText = <S extends z.ZodMiniType>(schema: S, what: string, erased: unknown) =>
  personal(schema, { what, why: "The client's review of the drawings, and the studio's answers", erased });
const version = () => z.int().check(z.gte(1));

/** A reviewer pinned a note on one page of one version. `text` is plain text, stored as written. */
export const ReviewNotePinned = /* @__PURE__ */ defineEvent('ReviewNotePinned', () =>
  z.object({
    note_id: id(),
    deliverable_id: id(),
    version: version(),
    page: z.int().check(z.gte(1)),
    x: z.number().check(z.gte(0), z.lte(1)),
    y: z.number().check(z.gte(0), z.lte(1)),
    text: reviewText(z.string().check(z.minLength(1), z.maxLength(NOTE_TEXT_MAX)), 'Note on a drawing', '[erased]'),
  }),
);

/** The studio (the assigned designer or an admin) marked a note resolved. */
export const ReviewNoteResolved = /* @__PURE__ */ defineEvent('ReviewNoteResolved', () => z.object({ note_id: id() }));

/**
 * The studio (the assigned designer or an admin) answered a note on the drawing. `text` is plain text, stored as
 * written.
 */
export const ReviewNoteReplied = /* @__PURE__ */ defineEvent('ReviewNoteReplied', () =>
  z.object({
    note_id: id(),
    reply_id: id(),
    text: reviewText(z.string().check(z.minLength(1), z.maxLength(NOTE_TEXT_MAX)), 'Reply to a note', '[erased]'),
  }),
);

/** The client's side approved the current version of a deliverable. */
export const DeliverableApproved = /* @__PURE__ */ defineEvent('DeliverableApproved', () =>
  z.object({ deliverable_id: id(), version: version() }),
);

/**
 * The client's side asked for changes on the current version: `round` is the revision round it
 * opened (or joined, while another deliverable's request is still unanswered), `note_count` the
 * open notes on that version when it was asked.
 */
export const ChangesRequested = /* @__PURE__ */ defineEvent('ChangesRequested', () =>
  z.object({
    deliverable_id: id(),
    version: version(),
    round: z.int().check(z.gte(1)),
    note_count: z.int().check(z.gte(0)),
    summary: reviewText(z.nullable(z.string().check(z.maxLength(SUMMARY_MAX))), 'Summary of a change request', null),
  }),
);

export type ReviewEvent =
  | EventOf<typeof ReviewNotePinned>
  | EventOf<typeof ReviewNoteResolved>
  | EventOf<typeof ReviewNoteReplied>
  | EventOf<typeof DeliverableApproved>
  | EventOf<typeof ChangesRequested>;

/** Every review event (one array, not pushed to: a bundle that never names it drops it). */
export const reviewEvents: EventDefinition[] = [
  ReviewNotePinned,
  ReviewNoteResolved,
  ReviewNoteReplied,
  DeliverableApproved,
  ChangesRequested,
];
