/** The reviews projection's view keys, apart from the projection so readers bundle no fold. */
export const reviewPartition = (projectId: string) => `review#${projectId}`;
/** The review's document: deliverables, versions, decisions and notes, without the texts. */
export const reviewKey = (projectId: string) => ({ pk: reviewPartition(projectId), sk: 'doc' });
/** A note's text, written once when pinned (texts never change; kept apart so the document stays small). */
export const noteTextKey = (projectId: string, noteId: string) => ({ pk: reviewPartition(projectId), sk: `text#note#${noteId}` });
/** A reply's text, written once. */
export const replyTextKey = (projectId: string, replyId: string) => ({ pk: reviewPartition(projectId), sk: `text#reply#${replyId}` });
/** A change request's summary, written once. */
export const summaryTextKey = (projectId: string, deliverableId: string, version: number) => ({ pk: reviewPartition(projectId), sk: `text#summary#${deliverableId}#${version}` });
export const TEXT_PREFIX = 'text#';
