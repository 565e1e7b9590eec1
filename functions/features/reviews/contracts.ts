import * as z from '../../../events/zod.js';

/**
 * The client's review of deliverables: the HTTP shapes the SPA and the API share.
 *
 * A deliverable is the chain of versions of one deliverable file: its id is the file id of v1, and
 * each new version is recorded through POST /api/projects/{id}/files with `version_of` naming it.
 * Notes are pinned on one version; decisions (approve, request changes) are taken per version.
 */

/** Limits on what a reviewer writes (quotas as elsewhere: a 429 beyond them, nothing appended). */
export const NOTE_TEXT_MAX = 2000;
export const SUMMARY_MAX = 2000;
export const NOTES_PER_VERSION_MAX = 100;
/**
 * Notes and replies one project holds, whatever its versions: GET /api/projects/{id}/reviews answers
 * with all of them and their texts, and stays under Lambda's 6 MB response (docs/security.md#bounds).
 */
export const NOTES_PER_PROJECT_MAX = 400;
export const REPLIES_PER_NOTE_MAX = 50;
export const REPLIES_PER_PROJECT_MAX = 400;

/** Where a deliverable's current version stands with the client. */
export const REVIEW_STATUSES = ['awaiting_review', 'changes_requested', 'approved'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export interface DeliverableVersion {
  /** 1, 2, … shown as 'v1', 'v2'. */
  version: number;
  file_id: string;
  file_name: string;
  file_size: number;
  uploaded_at: string;
  uploaded_by_name: string | null;
  /** Its pages as counted when it was recorded (a note names one of them); null where unknown. */
  page_count: number | null;
}

export interface ReviewNoteReply {
  reply_id: string;
  text: string;
  author_name: string | null;
  author_role: 'designer' | 'admin';
  at: string;
}

export interface ReviewNote {
  note_id: string;
  /** The pin's number on its version, from 1. */
  number: number;
  version: number;
  /** The page it is pinned on, from 1 (always 1 on an image). */
  page: number;
  /** Where on the page, as fractions of its width and height (0..1, from the top left). */
  x: number;
  y: number;
  text: string;
  author_name: string | null;
  at: string;
  resolved: boolean;
  resolved_at: string | null;
  replies: ReviewNoteReply[];
}

export interface ReviewDecision {
  version: number;
  decision: 'approved' | 'changes_requested';
  summary: string | null;
  /** The revision round a change request opened (1, 2, …); null for an approval. */
  round: number | null;
  by_name: string | null;
  at: string;
}

export interface Deliverable {
  /** The file id of v1. */
  deliverable_id: string;
  /** The current version's file name. */
  file_name: string;
  current_version: number;
  /** Oldest first. */
  versions: DeliverableVersion[];
  /** Of the current version. */
  status: ReviewStatus;
  /** A new version uploaded after changes were requested, not yet decided: the client is asked to review again. */
  ready_for_review: boolean;
  /** Every version's notes, oldest first (the viewer shows one version's). */
  notes: ReviewNote[];
  decisions: ReviewDecision[];
}

/** GET /api/projects/{id}/reviews (the project's client and team, the assigned designer, admins). */
export interface ProjectReviewResponse {
  deliverables: Deliverable[];
  /** 0 before the first change request. */
  revision_round: number;
  /** Every current deliverable approved (and at least one deliverable). */
  approved_by_client: boolean;
  /** The caller may pin notes and decide (the client and the client's team). */
  can_review: boolean;
  /** The caller may reply, resolve and upload versions (the assigned designer, admins). */
  can_respond: boolean;
}

/** What a project card and the project dialog show of the review (the board's read model carries it). */
export interface ReviewSummary {
  approved_by_client: boolean;
  ready_for_review: boolean;
  changes_requested: boolean;
  revision_round: number;
}

const id = () => z.string().check(z.trim(), z.minLength(1), z.maxLength(128));
const fraction = () => z.number().check(z.gte(0), z.lte(1));
const noteText = () =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Write a note first'),
      z.maxLength(NOTE_TEXT_MAX, `A note has at most ${NOTE_TEXT_MAX} characters`),
    );

/** POST /api/projects/{id}/reviews: one action on the review. */
export const reviewActionBody = /* @__PURE__ */ (() =>
  z.discriminatedUnion('action', [
    z.strictObject({
      action: z.literal('pin_note'),
      deliverable_id: id(),
      version: z.int().check(z.gte(1)),
      page: z.int().check(z.gte(1), z.lte(10_000)),
      x: fraction(),
      y: fraction(),
      text: noteText(),
    }),
    z.strictObject({ action: z.literal('resolve'), note_id: id() }),
    z.strictObject({ action: z.literal('reply'), note_id: id(), text: noteText() }),
    z.strictObject({ action: z.literal('approve'), deliverable_id: id(), version: z.int().check(z.gte(1)) }),
    z.strictObject({
      action: z.literal('request_changes'),
      deliverable_id: id(),
      version: z.int().check(z.gte(1)),
      summary: z.optional(
        z.string().check(z.trim(), z.maxLength(SUMMARY_MAX, `A summary has at most ${SUMMARY_MAX} characters`)),
      ),
    }),
  ]))();
export type ReviewActionBody = z.input<typeof reviewActionBody>;

export interface ReviewActionResponse {
  /** The types of the events the action appended. */
  events: string[];
  /** The new note's id (pin_note). */
  note_id?: string;
  /** The new reply's id (reply). */
  reply_id?: string;
  /** The round a change request opened (request_changes). */
  revision_round?: number;
}
