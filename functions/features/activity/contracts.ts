import * as z from '../../../events/zod.js';

/** The spec's fetch limit for the log and for the comments (docs/product.md#limits). */
export const ACTIVITY_LIMIT = 100;

/** One entry of a project's activity log, as the activity view stores it. */
export interface ActivityEntry {
  id: string;
  project_id: string;
  project_title: string;
  user_id: string;
  /** The system role the author acted in: badge colour admin red, designer blue, other grey. */
  actor_role: string;
  action: string;
  details: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
}

/** The person behind an entry or a comment; null when the users projection does not know them ('Unknown User'). */
export interface AuthorView {
  id: string;
  full_name: string | null;
  email: string | null;
}

/** One activity log entry (docs/product.md#records) with its author: the log's entry without the project's title. */
export type ActivityEntryView = Omit<ActivityEntry, 'project_title'> & { author: AuthorView | null };

/** One comment (docs/product.md#records) with its author. `content` is plain text: show it as text, never as HTML. */
export interface CommentView {
  id: string;
  project_id: string;
  project_title: string;
  user_id: string;
  author_role: string;
  content: string;
  approved: boolean;
  approved_by: string | null;
  approved_at: string | null;
  created_at: string;
  author: AuthorView | null;
}

/**
 * GET /api/projects/{id}/activity: the log and the comments, newest first, 100 each. Log entries the
 * feed hides (comment moderation) are left out; pending comments only reach admins and their author.
 */
export interface ActivityResponse {
  entries: ActivityEntryView[];
  comments: CommentView[];
}

/** GET /api/moderation: pending comments, newest first, with author and project title. */
export interface ModerationResponse {
  comments: CommentView[];
  /** Pending comments in all (a counter), not only this page's. */
  total?: number;
  /** Pass as `cursor` for the next page; absent on the last one. */
  next_cursor?: string;
}

export const moderationQuery = /* @__PURE__ */ (() =>
  z.object({
    limit: z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(1000))),
    ),
    cursor: z.pipe(
      z.transform((value: unknown) => (value === '' ? undefined : value)),
      z.optional(z.string().check(z.maxLength(4096))),
    ),
  }))();
export const MODERATION_PAGE = { default: 50, max: 100 };

/** POST /api/projects/{id}/comments. Blank text is refused (the box does not send it either). */
export const postCommentBody = /* @__PURE__ */ (() =>
  z.strictObject({
    content: z.string().check(
      z.maxLength(5_000, 'A comment can be at most 5,000 characters'),
      z.refine((text) => text.trim().length > 0, 'A comment cannot be empty'),
    ),
  }))();

export interface PostCommentResponse {
  comment: CommentView;
}

/** POST /api/comments/{id}/approve and /reject: the comment's project (comments live in their project's stream). */
export const moderateCommentBody = /* @__PURE__ */ (() =>
  z.strictObject({ project_id: z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown project id')) }))();

export interface ModerateCommentResponse {
  comment_id: string;
  approved: boolean;
  removed: boolean;
}
