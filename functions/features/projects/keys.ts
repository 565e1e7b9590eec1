/** The projects projection's view keys and document type, apart from the projection so readers bundle no decider. */
export const projectKey = (id: string) => ({ pk: `project#${id}`, sk: 'doc' });
/** A client's projects (gsi1 of the documents): every project they submitted, team ones too. */
export const ownerPartition = (userId: string) => `owner#${userId}`;
export const commentsPartition = (projectId: string) => `comments#${projectId}`;
/**
 * A comment's own item (its text, author and time, written once when it is posted; removed when it is
 * rejected), its approval (written once), and its place in the moderation queue while it waits.
 */
export const commentKey = (projectId: string, createdAt: string, commentId: string) => ({
  pk: commentsPartition(projectId),
  sk: `${createdAt}#${commentId}`,
});
/** A comment's own item as stored (written once when it is posted). */
export interface CommentRecord {
  id: string;
  content: string;
  user_id: string;
  author_role: string;
  created_at: string;
  project_id: string;
  project_title: string;
}
/** A comment's approval item. */
export interface CommentApproval {
  approved_by: string;
  approved_at: string;
}
export const commentApprovalKey = (projectId: string, commentId: string) => ({
  pk: `comment-approved#${projectId}`,
  sk: commentId,
});
export const pendingCommentKey = (projectId: string, createdAt: string, commentId: string) => ({
  pk: `comment-pending#${projectId}`,
  sk: `${createdAt}#${commentId}`,
});
export const activityPartition = (projectId: string) => `activity#${projectId}`;
/** A team's projects (gsi2) and a designer's, by account id or e-mail (gsi3). */
export const teamPartition = (teamId: string) => `team#${teamId}`;
export const designerPartition = (idOrEmail: string) => `designer#${idOrEmail.toLowerCase()}`;
/** The global activity of one UTC day (gsi5). */
export const activityDayPartition = (at: string) => `activity-day#${at.slice(0, 10)}`;

/** The project document as readers get it (comments live in their own items): the SPA's shape too. */
