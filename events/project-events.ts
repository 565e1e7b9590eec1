import * as z from 'zod';
import { defineEvent, type EventDefinition } from './catalogue.js';
import { PRIORITIES, PROJECT_CATEGORIES, PROJECT_STATUSES } from './vocabulary.js';

export const checklistItemSchema = z.object({
  checklist_id: z.string().min(1),
  task_name: z.string().min(1).max(500),
  estimated_hours: z.number().min(0).max(1000),
  order_index: z.number().int().min(0),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/**
 * Stream `project-<id>`. One commit carries the whole submission and its reviewed checklist, so a
 * project never exists without its checklist.
 */
export const ProjectSubmitted = defineEvent(
  'ProjectSubmitted',
  z.object({
    project_id: z.string().min(1),
    user_id: z.string().min(1),
    team_id: z.string().nullable(),
    title: z.string().min(1).max(200),
    project_category: z.enum(PROJECT_CATEGORIES),
    project_type: z.string().min(1),
    property_type: z.string().min(1),
    description: z.string(),
    design_priority: z.array(z.string()),
    area_sqft: z.number().nullable(),
    existing_plans: z.boolean(),
    permit_needs: z.string().nullable(),
    deliverables: z.array(z.string()),
    room_selection: z.array(z.string()),
    room_notes: z.string().nullable(),
    inspiration_links: z.array(z.string()),
    project_address: z.string().nullable(),
    specifications: z.record(z.string(), z.unknown()).default({}),
    checklist: z.array(checklistItemSchema),
    total_estimated_hours: z.number().min(0),
    estimated_turnaround_days: z.number().int().min(0).nullable(),
    grok_generated: z.boolean(),
    checklist_source: z.enum(['bedrock', 'local', 'manual']).default('manual'),
    priority: z.enum(PRIORITIES).default('Normal'),
    /** Whether the checklist's estimate was given the studio's own turnaround on similar work (absent on older events: not). */
    estimate_basis: z.enum(['studio', 'generic']).optional(),
  }),
);

export const projectEvents: EventDefinition[] = [ProjectSubmitted];

const fileTypes = z.enum(['client_upload', 'deliverable']);

/** A file checked in storage (size and type) and recorded on the project. */
export const FileUploaded = defineEvent(
  'FileUploaded',
  z.object({
    file_id: z.string().min(1),
    file_name: z.string().min(1).max(255),
    file_type: fileTypes,
    file_category: z.string().min(1).max(200),
    file_size: z.number().int().min(0),
    file_url: z.string().min(1).max(1024),
  }),
);

export const ProjectStatusChanged = defineEvent(
  'ProjectStatusChanged',
  z.object({ from: z.enum(PROJECT_STATUSES), to: z.enum(PROJECT_STATUSES) }),
);

/** By user id, or by e-mail for a pre-authorised designer who has no account yet. */
export const DesignerAssigned = defineEvent(
  'DesignerAssigned',
  z.object({
    designer_id: z.string().nullable(),
    designer_email: z.string().email().nullable(),
    designer_name: z.string().nullable().default(null),
  }),
);
export const DesignerUnassigned = defineEvent('DesignerUnassigned', z.object({}));

export const PriorityChanged = defineEvent('PriorityChanged', z.object({ priority: z.enum(PRIORITIES) }));
export const DueDateChanged = defineEvent('DueDateChanged', z.object({ due_date: z.string().date().nullable() }));

export const ChecklistTaskToggled = defineEvent(
  'ChecklistTaskToggled',
  z.object({ checklist_id: z.string().min(1), completed: z.boolean() }),
);

export const CommentPosted = defineEvent('CommentPosted', z.object({ comment_id: z.string().min(1), content: z.string().min(1).max(5000) }));
export const CommentApproved = defineEvent('CommentApproved', z.object({ comment_id: z.string().min(1) }));
/** The comment leaves every view; the event stays in the history for the audit. */
export const CommentRejected = defineEvent('CommentRejected', z.object({ comment_id: z.string().min(1) }));

projectEvents.push(
  FileUploaded,
  ProjectStatusChanged,
  DesignerAssigned,
  DesignerUnassigned,
  PriorityChanged,
  DueDateChanged,
  ChecklistTaskToggled,
  CommentPosted,
  CommentApproved,
  CommentRejected,
);
