import * as z from '../../../events/zod.js';
import { projectBriefSchema } from '../../../shared/project-brief.js';
import {
  PRIORITIES,
  PROJECT_STATUSES,
  type FileType,
  type Priority,
  type ProjectCategory,
  type ProjectStatus,
} from '../../../shared/vocabulary.js';
import type { ChecklistItem } from './events.js';
import type { ReviewSummary } from '../reviews/contracts.js';
import type { CityReviewSummary } from '../permits/contracts.js';

export interface ProjectChecklistItem extends ChecklistItem {
  completed: boolean;
}

export interface ProjectFile {
  id: string;
  file_name: string;
  file_type: FileType;
  file_category: string;
  file_size: number;
  file_url: string;
  upload_status: 'success';
  uploader_id: string;
  created_at: string;
  /** A later version of a deliverable: its v1 file id, and which version this is (absent on v1). */
  version_of?: string;
  version?: number;
  /** A deliverable's pages as counted when it was recorded (absent where unknown). */
  page_count?: number;
}

export interface ProjectComment {
  id: string;
  content: string;
  user_id: string;
  author_role: string;
  approved: boolean;
  approved_by: string | null;
  approved_at: string | null;
  created_at: string;
}

/** The client's brief as the wizard collects it: what a submission carries and the project keeps. */
export interface ProjectBrief {
  description: string;
  design_priority: string[];
  area_sqft: number | null;
  existing_plans: boolean;
  permit_needs: string | null;
  deliverables: string[];
  room_selection: string[];
  room_notes: string | null;
  inspiration_links: string[];
  project_address: string | null;
  specifications: Record<string, unknown>;
}

/**
 * A project as GET /api/projects/{id} answers it and its view keeps it (its comments are kept apart, for
 * moderation). The HTTP contract: the fold's state (state.ts) is another type, which the projection maps to this.
 */
export interface ProjectDetail extends ProjectBrief {
  exists: boolean;
  id: string;
  user_id: string | null;
  created_by: string | null;
  team_id: string | null;
  title: string;
  status: ProjectStatus;
  priority: Priority;
  project_category: ProjectCategory | null;
  project_type: string | null;
  property_type: string | null;
  checklist: ProjectChecklistItem[];
  total_estimated_hours: number;
  estimated_turnaround_days: number | null;
  /** How the checklist came about, as the checklist step's receipt proved it (events.ts: ProjectSubmitted). */
  checklist_origin: 'generated' | 'edited' | 'manual';
  /** The spec's 'AI-generated checklist' flag: derived from `checklist_origin` (not 'manual'), never stored. */
  grok_generated: boolean;
  due_date: string | null;
  assigned_designer_id: string | null;
  assigned_designer_email: string | null;
  assigned_designer_name: string | null;
  files: ProjectFile[];
  /** The client's review of the deliverables, as the board and the dialog show it. */
  review_summary: ReviewSummary;
  /** A permit project's standing with the city (absent on documents folded before the city review existed). */
  city_review?: CityReviewSummary;
  created_at: string | null;
  updated_at: string | null;
}

/** The `{id}` of the routes under /api/projects/{id}: a ULID, or the project is unknown. */
export const projectIdParams = /* @__PURE__ */ (() =>
  z.object({ id: z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, 'Unknown project id')) }))();

const text = (max: number) => z.string().check(z.maxLength(max));

/**
 * POST /api/projects: the wizard's brief (the shared schema, shared/project-brief.ts: the same rules
 * the wizard applies step by step) with its reviewed checklist (docs/product.md#records). An admin submits on a
 * client's behalf by naming the client (`client_id`); a client submits for themselves. Built in a call
 * marked pure, as `updateProjectBody`: a handler that does not use it drops it (and the brief's schema).
 */
export const submitProjectBody = /* @__PURE__ */ (() =>
  z.safeExtend(projectBriefSchema, {
    client_id: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(128))),
    checklist: z
      .array(z.object({ task_name: text(500), estimated_hours: z.number().check(z.gte(0), z.lte(1000)) }))
      .check(z.minLength(1, 'The checklist needs at least one task'), z.maxLength(100)),
    /**
     * The generator the checklist step named (its answer's `source`), claimed with its receipt; null
     * (or absent) for the client's own checklist. The receipt check compares the two; it is not
     * stored: the event records only the origin the receipt proves (`checklist_origin`).
     */
    checklist_generator: z._default(z.nullable(z.enum(['bedrock', 'local'])), null),
    /** Whether the checklist's estimate was given the studio's own turnaround (POST /api/checklists says). */
    estimate_basis: z.optional(z.enum(['studio', 'generic'])),
    /** The checklist step's signed receipt (POST /api/checklists): required to record 'studio'. */
    estimate_receipt: z.optional(z.string().check(z.maxLength(1024))),
    /**
     * Accepted for compatibility with the spec's payload; the server computes them: the hours and days
     * from the checklist, `grok_generated` from the origin the receipt proves.
     */
    grok_generated: z.optional(z.boolean()),
    total_estimated_hours: z.optional(z.number()),
    estimated_turnaround_days: z.optional(z.nullable(z.number())),
  }))();
export type SubmitProjectBody = z.input<typeof submitProjectBody>;

/** Who the client of a project is, as admins and designers see it on cards and dialogs. */
export interface ClientSummary {
  id: string;
  full_name: string | null;
  email: string | null;
  company: string | null;
}

/** The admin dialog's client information panel (docs/product.md#screens): the summary plus phone and subscription. */
export interface ClientPanel extends ClientSummary {
  phone: string | null;
  /** The tier of an active subscription (starter, pro_builder), else null ('No active subscription'). */
  subscription_tier: string | null;
  subscription_plan: string | null;
  subscription_status: string | null;
}

/** What lists return: the document without its heavier parts. */
export type ProjectCard = Omit<ProjectDetail, 'checklist' | 'specifications' | 'description' | 'files'> & {
  checklist_total: number;
  checklist_completed: number;
  /** Admins and designers: the client (from the users projection); absent for clients. */
  client?: ClientSummary | null;
};

export interface ListProjectsResponse {
  projects: ProjectCard[];
  /** Pass as `cursor` for the next page; absent on the last one. */
  next_cursor?: string;
  /** Admins, first page without search or dates: projects per status for the same designer and priority filters. */
  counts?: Record<string, number>;
}

/** What the caller may do with this project, so the dialogs show only what the API will accept. */
export interface ProjectPermissions {
  /** The caller's highest system role. */
  role: 'admin' | 'designer' | 'client';
  /** Admins: the Management tab (status, designer, priority, due date) and any status. */
  can_manage: boolean;
  /** Admins and the assigned designer: checklist toggles, deliverable uploads, comments. */
  can_work: boolean;
  /** The assigned designer: the status selector limited to in_progress / needs_revision. */
  can_set_designer_status: boolean;
  /** Admins: Approve / Reject on pending comments. */
  can_moderate: boolean;
}

export interface ProjectResponse {
  project: ProjectDetail;
  /** Admins get the full panel, the assigned designer the summary; clients nothing. */
  client?: ClientPanel | ClientSummary | null;
  permissions?: ProjectPermissions;
}

export function toCard(project: ProjectDetail): ProjectCard {
  const { checklist, specifications: _s, description: _d, files: _f, ...rest } = project;
  return {
    ...rest,
    checklist_total: checklist.length,
    checklist_completed: checklist.filter((task) => task.completed).length,
  };
}

const isoDate = /* @__PURE__ */ (() => z.iso.date({ message: 'Due date must be a date (YYYY-MM-DD)' }))();

/**
 * PATCH /api/projects/{id}: one change from the management dialog (admins: status, designer,
 * priority, due date) or the designer's status selector (status only). The designer is chosen by
 * user id, or by e-mail for a pre-authorised designer who has no account yet; null unassigns.
 */
export const updateProjectBody = /* @__PURE__ */ (() =>
  z
    .strictObject({
      status: z.optional(z.enum(PROJECT_STATUSES)),
      designer: z.optional(
        z.union([
          z.strictObject({
            designer_id: z.string().check(z.trim(), z.minLength(1), z.maxLength(128)),
            designer_name: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(200)))),
          }),
          z.strictObject({
            designer_email: z.pipe(
              z.string().check(z.trim(), z.toLowerCase()),
              z.email({ message: 'Enter a valid designer e-mail address' }),
            ),
          }),
          z.null(),
        ]),
      ),
      priority: z.optional(z.enum(PRIORITIES)),
      due_date: z.optional(z.nullable(isoDate)),
    })
    .check(
      z.refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Nothing to update' }),
    ))();
export type UpdateProjectBody = z.input<typeof updateProjectBody>;

/** PATCH /api/projects/{id}/tasks/{taskId}. */
export const toggleTaskBody = /* @__PURE__ */ (() => z.strictObject({ completed: z.boolean() }))();

export interface ToggleTaskResponse {
  task: ProjectDetail['checklist'][number];
  project: ProjectDetail;
}
