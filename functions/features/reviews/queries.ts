import type { Runtime } from '../../platform/runtime.js';
import type { ViewItem } from '../../platform/views/views.js';
import { NOTE_PREFIX, REPLY_PREFIX, RESOLVED_PREFIX, TEXT_PREFIX, reviewPartition } from './keys.js';
import type { StoredNote, StoredReply, StoredResolution } from './projection.js';
import type { NoteState, ReviewSummary } from './state.js';

export type { ReviewSummary } from './state.js';

/** A project's review as the views hold it: the state with its notes, and the texts by their item's sort key. */
export interface StoredReview {
  state: ReviewSummary;
  texts: Map<string, string>;
}

/**
 * One query of the project's review partition (the summary, its notes, resolutions, replies and
 * texts, each a bounded item), put together as the review's state; null before it is projected.
 */
export async function getReview(runtime: Runtime, projectId: string): Promise<StoredReview | null> {
  const { active } = await runtime.views.generations();
  return reviewFromItems(await runtime.views.query(active, { pk: reviewPartition(projectId) }, { ascending: true }));
}

/** The review from its partition's items (any order); null without its summary. */
export function reviewFromItems(items: readonly ViewItem[]): StoredReview | null {
  const doc = items.find((item) => item.sk === 'doc' && !item.deleted);
  if (!doc) return null;
  const state = JSON.parse(doc.doc as string) as ReviewSummary;
  const texts = new Map(
    items.filter((item) => item.sk.startsWith(TEXT_PREFIX)).map((item) => [item.sk, String(item.text ?? '')]),
  );
  // A summary written before notes had items of their own carries them (until the views are replayed).
  if (state.notes.length > 0) return { state, texts };

  const parse = <T>(item: Record<string, unknown>, attribute: string) => JSON.parse(String(item[attribute])) as T;
  const resolutions = new Map(
    items
      .filter((item) => item.sk.startsWith(RESOLVED_PREFIX))
      .map((item) => [item.sk.slice(RESOLVED_PREFIX.length), parse<StoredResolution>(item, 'resolved')]),
  );
  const replies = items
    .filter((item) => item.sk.startsWith(REPLY_PREFIX))
    .map((item) => parse<StoredReply>(item, 'reply'))
    .sort((a, b) => a.seq - b.seq);
  const notes = items
    .filter((item) => item.sk.startsWith(NOTE_PREFIX))
    .map((item) => parse<StoredNote>(item, 'note'))
    .sort((a, b) => a.seq - b.seq)
    .map(({ seq: _seq, ...note }): NoteState => {
      const resolution = resolutions.get(note.note_id);
      return {
        ...note,
        resolved: resolution !== undefined,
        resolved_at: resolution?.at ?? null,
        resolved_by: resolution?.by ?? null,
        replies: replies
          .filter((reply) => reply.note_id === note.note_id)
          .map(({ note_id: _note, seq: _s, ...reply }) => reply),
      };
    });
  return { state: { ...state, notes }, texts };
}
