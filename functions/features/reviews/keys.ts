/** The reviews projection's view keys, apart from the projection so readers bundle no fold. */

/**
 * The most bytes each of the review's items takes (docs/security.md#bounds), as the caps make them:
 * the summary lists at most DELIVERABLE_FILES_PER_PROJECT_MAX versions with their decisions; a note,
 * a reply or a summary text holds at most 2,000 characters (6,000 bytes in UTF-8) and its metadata.
 * The projection refuses to write an item over its bound (ViewItemTooLarge); bounds.test.ts writes
 * each at its cap. The checkpoint keeps the projection's state: the summary plus 90 bytes a note.
 */
export const REVIEW_ITEM_MAX_BYTES = {
  summary: 192 * 1024,
  note: 8 * 1024,
  resolved: 1024,
  reply: 8 * 1024,
  summaryText: 8 * 1024,
} as const;
export const reviewPartition = (projectId: string) => `review#${projectId}`;
/**
 * The review's summary: deliverables, versions and decisions (without the change requests'
 * summaries), the round; no notes. Bounded by the files a project holds (docs/security.md#bounds).
 */
export const reviewKey = (projectId: string) => ({ pk: reviewPartition(projectId), sk: 'doc' });
/** A note as pinned (place, author, text): written once, when its event is projected. */
export const noteKey = (projectId: string, noteId: string) => ({
  pk: reviewPartition(projectId),
  sk: `note#${noteId}`,
});
/** That a note was resolved, by whom and when: written once. */
export const resolvedKey = (projectId: string, noteId: string) => ({
  pk: reviewPartition(projectId),
  sk: `resolved#${noteId}`,
});
/** A reply to a note (its note, author, text): written once. */
export const replyKey = (projectId: string, replyId: string) => ({
  pk: reviewPartition(projectId),
  sk: `reply#${replyId}`,
});
/** A change request's summary, written once. */
export const summaryTextKey = (projectId: string, deliverableId: string, version: number) => ({
  pk: reviewPartition(projectId),
  sk: `text#summary#${deliverableId}#${version}`,
});
/** Before notes had items of their own, their texts had these (a view not yet replayed may hold them). */
export const noteTextKey = (projectId: string, noteId: string) => ({
  pk: reviewPartition(projectId),
  sk: `text#note#${noteId}`,
});
export const replyTextKey = (projectId: string, replyId: string) => ({
  pk: reviewPartition(projectId),
  sk: `text#reply#${replyId}`,
});
export const TEXT_PREFIX = 'text#';
export const NOTE_PREFIX = 'note#';
export const RESOLVED_PREFIX = 'resolved#';
export const REPLY_PREFIX = 'reply#';
