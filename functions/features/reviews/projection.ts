import { isEvent } from '../../../events/catalogue.js';
import type { EventEnvelope } from '../../../events/envelope.js';
import type { Projection } from '../../platform/views/projector.js';
import type { ViewItem } from '../../platform/views/views.js';
import { noteTextKey, replyTextKey, reviewKey, summaryTextKey } from './keys.js';
import { ChangesRequested, ReviewNotePinned, ReviewNoteReplied } from './events.js';
import { reviewEvolution, type ReviewState } from './state.js';

/**
 * The review view per project (GET /api/projects/{id}/reviews reads it): one document with the
 * deliverables, their versions and decisions and every note's place and standing, and one item per
 * text (a note's, a change request's summary), written once when its event is projected. The texts
 * stay out of the document and of the projection's state: a version may hold 100 notes of 2,000
 * characters, and a view item (like the checkpoint that keeps the state) stops at 400 KB.
 */
export const reviewsProjection: Projection<ReviewState> = {
  name: 'reviews',
  streamPrefix: 'project-',
  initialState: reviewEvolution.initialState,
  evolve(state, event) {
    return withoutTexts(reviewEvolution.evolve(state, event));
  },
  items(state) {
    if (!state.exists || !state.project_id) return [];
    return [{ ...reviewKey(state.project_id), doc: JSON.stringify(state) }];
  },
  eventItems(event: EventEnvelope, _before, after) {
    if (!after.project_id) return [];
    if (isEvent(event, ReviewNotePinned)) return [{ ...noteTextKey(after.project_id, event.data.note_id), text: event.data.text } satisfies ViewItem];
    if (isEvent(event, ReviewNoteReplied)) return [{ ...replyTextKey(after.project_id, event.data.reply_id), text: event.data.text } satisfies ViewItem];
    if (isEvent(event, ChangesRequested) && typeof event.data.summary === 'string') {
      return [{ ...summaryTextKey(after.project_id, event.data.deliverable_id, event.data.version), text: event.data.summary } satisfies ViewItem];
    }
    return [];
  },
};

function withoutTexts(state: ReviewState): ReviewState {
  const hasText = state.notes.some((note) => note.text || note.replies?.some((reply) => reply.text));
  if (!hasText && !state.deliverables.some((deliverable) => deliverable.decisions.some((decision) => decision.summary))) return state;
  return {
    ...state,
    notes: state.notes.map((note) => ({ ...note, text: '', ...(note.replies ? { replies: note.replies.map((reply) => ({ ...reply, text: '' })) } : {}) })),
    deliverables: state.deliverables.map((deliverable) => ({ ...deliverable, decisions: deliverable.decisions.map((decision) => (decision.summary ? { ...decision, summary: null } : decision)) })),
  };
}
