import { isEvent } from '../../../events/catalogue.js';
import type { EventEnvelope } from '../../../events/envelope.js';
import type { Projection } from '../../platform/views/projection.js';
import type { ViewItem } from '../../platform/views/views.js';
import { requireItemWithin } from '../../platform/views/item-size.js';
import { REVIEW_ITEM_MAX_BYTES, noteKey, replyKey, resolvedKey, reviewKey, summaryTextKey } from './keys.js';
import { ChangesRequested, ReviewNotePinned, ReviewNoteReplied, ReviewNoteResolved } from './events.js';
import { reviewEvolution, type NoteState, type ReplyState, type ReviewState, type ReviewSummary } from './state.js';

/** A note as its item holds it: its place, author and text; `seq` orders notes as the stream does. */
export type StoredNote = Omit<NoteState, 'resolved' | 'resolved_at' | 'resolved_by' | 'replies'> & { seq: number };
/** A reply as its item holds it. */
export type StoredReply = ReplyState & { note_id: string; seq: number };
/** A resolution as its item holds it. */
export interface StoredResolution {
  at: string;
  by: string;
}

/**
 * The review view per project (GET /api/projects/{id}/reviews reads it), in bounded items
 * (docs/security.md#bounds):
 * - the summary (`doc`): deliverables, versions, decisions and the round, without notes or texts;
 * - one item per note, per resolution, per reply and per change request's summary, each written once
 *   when its event is projected (notes and replies never change; a resolution is an item of its own).
 * The projection's state (kept by its checkpoint) holds each note's id, version and number only, so
 * it too is bounded by the caps on notes (NOTES_PER_PROJECT_MAX) and files.
 */
export const reviewsProjection: Projection<ReviewState> = {
  name: 'reviews',
  streamPrefix: 'project-',
  initialState: reviewEvolution.initialState,
  evolve(state, event) {
    // The view leaves the project's status out (ReviewSummary): its changes are no step of this
    // projection, whose state keeps the initial status.
    if (event.type === 'ProjectStatusChanged') return state;
    return compact(reviewEvolution.evolve(state, event));
  },
  commitsChangesOnly: true,
  items(state) {
    if (!state.exists || !state.project_id) return [];
    const { status: _status, ...summary }: ReviewState = state;
    const doc: ReviewSummary = { ...summary, notes: [] };
    return [within({ ...reviewKey(state.project_id), doc: JSON.stringify(doc) }, 'summary')];
  },
  eventItems(event: EventEnvelope, before, after) {
    const projectId = after.project_id;
    if (!projectId) return [];
    if (isEvent(event, ReviewNotePinned)) {
      const pinned = after.notes.find((note) => note.note_id === event.data.note_id);
      if (!pinned || before.notes.some((note) => note.note_id === event.data.note_id)) return [];
      const note: StoredNote = {
        ...event.data,
        number: pinned.number,
        author: event.actor.sub,
        at: event.at,
        seq: event.version,
      };
      return [within({ ...noteKey(projectId, note.note_id), note: JSON.stringify(note) }, 'note')];
    }
    if (isEvent(event, ReviewNoteResolved)) {
      const note = before.notes.find((candidate) => candidate.note_id === event.data.note_id);
      if (!note || note.resolved) return [];
      const resolution: StoredResolution = { at: event.at, by: event.actor.sub };
      return [within({ ...resolvedKey(projectId, note.note_id), resolved: JSON.stringify(resolution) }, 'resolved')];
    }
    if (isEvent(event, ReviewNoteReplied)) {
      if (!after.notes.some((note) => note.note_id === event.data.note_id)) return [];
      const reply: StoredReply = {
        note_id: event.data.note_id,
        reply_id: event.data.reply_id,
        text: event.data.text,
        author: event.actor.sub,
        author_role: event.actor.role === 'admin' ? 'admin' : 'designer',
        at: event.at,
        seq: event.version,
      };
      return [within({ ...replyKey(projectId, reply.reply_id), reply: JSON.stringify(reply) }, 'reply')];
    }
    if (isEvent(event, ChangesRequested)) {
      const key = summaryTextKey(projectId, event.data.deliverable_id, event.data.version);
      // No summary (none given, or erased since): no text item, and none left from before an erasure.
      if (typeof event.data.summary !== 'string') return [{ ...key, deleted: true }];
      return [within({ ...key, text: event.data.summary }, 'summaryText')];
    }
    return [];
  },
};

/** The item, if it is within its documented bound; else ViewItemTooLarge (the write never happens). */
function within(item: ViewItem, kind: keyof typeof REVIEW_ITEM_MAX_BYTES): ViewItem {
  requireItemWithin(item, REVIEW_ITEM_MAX_BYTES[kind]);
  return item;
}

/**
 * What the projection keeps of a note: enough to number the next pin on its version and to know
 * whether it is resolved; the rest lives in the note's own item. Summaries live in their items too.
 */
function compact(state: ReviewState): ReviewState {
  const bare = (note: NoteState) =>
    note.text === '' &&
    note.author === '' &&
    note.replies === undefined &&
    note.resolved_at === null &&
    note.page === 0;
  const decided = state.deliverables.some((deliverable) =>
    deliverable.decisions.some((decision) => decision.summary !== null),
  );
  if (state.notes.every(bare) && !decided) return state;
  return {
    ...state,
    notes: state.notes.map(
      (note): NoteState =>
        bare(note)
          ? note
          : {
              note_id: note.note_id,
              deliverable_id: note.deliverable_id,
              number: note.number,
              version: note.version,
              page: 0,
              x: 0,
              y: 0,
              text: '',
              author: '',
              at: '',
              resolved: note.resolved,
              resolved_at: null,
              resolved_by: null,
            },
    ),
    deliverables: decided
      ? state.deliverables.map((deliverable) => ({
          ...deliverable,
          decisions: deliverable.decisions.map((decision) =>
            decision.summary === null ? decision : { ...decision, summary: null },
          ),
        }))
      : state.deliverables,
  };
}
