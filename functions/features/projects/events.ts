import * as z from '../../../events/zod.js';
import { personal, plain } from '../../../events/personal.js';
import { defineEvent, type EventDefinition, type EventOf } from '../../../events/catalogue.js';
import { PRIORITIES, PROJECT_CATEGORIES, PROJECT_STATUSES } from '../../../shared/vocabulary.js';
import { PAGES_MAX } from '../../../shared/uploads.js';

const generatedId = () => plain(z.string().check(z.minLength(1)), 'An id the system generated');
const brief = <S extends z.ZodMiniType>(schema: S, what: string, erased: unknown) =>
  personal(schema, { what, why: "The client's brief: what the studio designs from", erased });
/** The vocabulary of the wizard's choices: words the product offers, not the client's own. */
const choice = <S extends z.ZodMiniType>(schema: S) => plain(schema, "A choice from the wizard's fixed options");

const checklistItemSchema = () =>
  z.object({
    checklist_id: generatedId(),
    task_name: brief(
      z.string().check(z.minLength(1), z.maxLength(500)),
      'Checklist task, written from the brief',
      '[erased]',
    ),
    estimated_hours: z.number().check(z.gte(0), z.lte(1000)),
    order_index: z.int().check(z.gte(0)),
  });
export type ChecklistItem = z.infer<ReturnType<typeof checklistItemSchema>>;

/** How a checklist came about, as the checklist step's signed receipt proves it (checklists/estimate-receipt.ts). */
const CHECKLIST_ORIGINS = ['generated', 'edited', 'manual'] as const;

/** What every version of ProjectSubmitted carries: the brief, its checklist and its estimate. */
const submissionFields = () => ({
  project_id: generatedId(),
  user_id: plain(z.string().check(z.minLength(1)), "The client's account id"),
  team_id: plain(z.nullable(z.string()), 'An id the system generated'),
  title: brief(z.string().check(z.minLength(1), z.maxLength(200)), 'Project title', 'Erased project'),
  project_category: z.enum(PROJECT_CATEGORIES),
  project_type: choice(z.string().check(z.minLength(1))),
  property_type: choice(z.string().check(z.minLength(1))),
  description: brief(z.string(), 'Project description', ''),
  design_priority: choice(z.array(z.string())),
  area_sqft: z.nullable(z.number()),
  existing_plans: z.boolean(),
  permit_needs: brief(z.nullable(z.string()), "Permit needs, in the client's words", null),
  deliverables: choice(z.array(z.string())),
  room_selection: choice(z.array(z.string())),
  room_notes: brief(z.nullable(z.string()), 'Notes on rooms', null),
  inspiration_links: brief(z.array(z.string()), 'Inspiration links', []),
  project_address: brief(z.nullable(z.string()), 'Property address', null),
  specifications: brief(z._default(z.record(z.string(), z.unknown()), {}), 'Specifications entered in the wizard', {}),
  checklist: z.array(checklistItemSchema()),
  total_estimated_hours: z.number().check(z.gte(0)),
  estimated_turnaround_days: z.nullable(z.int().check(z.gte(0))),
  priority: z._default(z.enum(PRIORITIES), 'Normal'),
  /**
   * Whether the checklist's estimate was given the studio's own turnaround on similar work (absent on older events:
   * not).
   */
  estimate_basis: z.optional(z.enum(['studio', 'generic'])),
});

/**
 * Version 1 named the checklist's provenance three ways: `grok_generated` (the client's word, shown
 * as the 'AI-generated checklist' badge), `checklist_source` (the generator the client named) and,
 * once receipts came, `checklist_origin` (what the receipt proved; absent on events before them).
 * Stored v1 events stay as they are; reading them upcasts to v2 (`upcastProjectSubmittedV1`).
 */
const projectSubmittedV1 = () =>
  z.object({
    ...submissionFields(),
    grok_generated: z.boolean(),
    checklist_source: z._default(z.enum(['bedrock', 'local', 'manual']), 'manual'),
    checklist_origin: z.optional(z.enum(CHECKLIST_ORIGINS)),
  });
type ProjectSubmittedV1 = z.infer<ReturnType<typeof projectSubmittedV1>>;

/**
 * A v1 event's one origin: the one its receipt proved, else (events before receipts) as its then
 * unproven source said: 'manual' for the client's own checklist, 'generated' for a generator's.
 * `grok_generated` was the client's word and is dropped: the read model derives the badge from the origin.
 */
function upcastProjectSubmittedV1({
  grok_generated: _claimed,
  checklist_source,
  checklist_origin,
  ...rest
}: ProjectSubmittedV1) {
  const origin: (typeof CHECKLIST_ORIGINS)[number] =
    checklist_origin ?? (checklist_source === 'manual' ? 'manual' : 'generated');
  return { ...rest, checklist_origin: origin };
}

let builtV1: ReturnType<typeof projectSubmittedV1> | undefined;

/**
 * Stream `project-<id>`. One commit carries the whole submission and its reviewed checklist, so a
 * project never exists without its checklist.
 */
export const ProjectSubmitted = /* @__PURE__ */ defineEvent(
  'ProjectSubmitted',
  () =>
    z.object({
      ...submissionFields(),
      /**
       * How the checklist came about, as the checklist step's receipt proves it: the one it answered
       * ('generated'), changed by the client ('edited'), or none ('manual': no receipt, or one used
       * before). The one name of the checklist's provenance; the read model's `grok_generated` (the
       * spec's 'AI-generated checklist' flag) is derived from it.
       */
      checklist_origin: z.enum(CHECKLIST_ORIGINS),
    }),
  {
    schemaVersion: 2,
    older: {
      1: {
        get schema() {
          return (builtV1 ??= projectSubmittedV1());
        },
        upcast: upcastProjectSubmittedV1,
      },
    },
  },
);

/** A file checked in storage (size and type) and recorded on the project. */
export const FileUploaded = /* @__PURE__ */ defineEvent('FileUploaded', () =>
  z.object({
    file_id: generatedId(),
    file_name: personal(z.string().check(z.minLength(1), z.maxLength(255)), {
      what: 'File name',
      why: 'Shown beside the file, as its owner named it',
      erased: 'erased-file',
    }),
    file_type: z.enum(['client_upload', 'deliverable']),
    file_category: choice(z.string().check(z.minLength(1), z.maxLength(200))),
    file_size: z.int().check(z.gte(0)),
    file_url: plain(
      z.string().check(z.minLength(1), z.maxLength(1024)),
      'The storage key: ids only (uploads/<project>/<file id>)',
    ),
    /** A new version of a deliverable: the deliverable's v1 file id (absent on v1 and on older events). */
    version_of: z.optional(generatedId()),
    /** The version this file is of its deliverable (2, 3, …); absent means v1. */
    version: z.optional(z.int().check(z.gte(1))),
    /**
     * Pages of a deliverable as the server counted them when it was recorded (a PDF: its page tree;
     * an image: 1). Absent on older events and where it could not be counted. Notes name a page of it.
     */
    page_count: z.optional(z.int().check(z.gte(1), z.lte(PAGES_MAX))),
  }),
);

export const ProjectStatusChanged = /* @__PURE__ */ defineEvent('ProjectStatusChanged', () =>
  z.object({ from: z.enum(PROJECT_STATUSES), to: z.enum(PROJECT_STATUSES) }),
);

/** By user id, or by e-mail for a pre-authorised designer who has no account yet. */
export const DesignerAssigned = /* @__PURE__ */ defineEvent('DesignerAssigned', () =>
  z.object({
    designer_id: plain(z.nullable(z.string()), "The designer's account id"),
    designer_email: personal(z.nullable(z.email()), {
      what: "The assigned designer's e-mail address",
      why: 'Who does the work, and where to reach them',
      subject: { field: 'designer_id' },
      erased: null,
    }),
    designer_name: personal(z._default(z.nullable(z.string()), null), {
      what: "The assigned designer's name",
      why: 'Shown to the client as who does the work',
      subject: { field: 'designer_id' },
      erased: 'Deleted user',
    }),
  }),
);
export const DesignerUnassigned = /* @__PURE__ */ defineEvent('DesignerUnassigned', () => z.object({}));

export const PriorityChanged = /* @__PURE__ */ defineEvent('PriorityChanged', () =>
  z.object({ priority: z.enum(PRIORITIES) }),
);
export const DueDateChanged = /* @__PURE__ */ defineEvent('DueDateChanged', () =>
  z.object({ due_date: z.nullable(z.iso.date()) }),
);

export const ChecklistTaskToggled = /* @__PURE__ */ defineEvent('ChecklistTaskToggled', () =>
  z.object({ checklist_id: generatedId(), completed: z.boolean() }),
);

export const CommentPosted = /* @__PURE__ */ defineEvent('CommentPosted', () =>
  z.object({
    comment_id: generatedId(),
    content: personal(z.string().check(z.minLength(1), z.maxLength(5000)), {
      what: 'Comment text',
      why: 'The conversation about the project',
      erased: '[erased]',
    }),
  }),
);
export const CommentApproved = /* @__PURE__ */ defineEvent('CommentApproved', () =>
  z.object({ comment_id: generatedId() }),
);
/** The comment leaves every view; the event stays in the history for the audit. */
export const CommentRejected = /* @__PURE__ */ defineEvent('CommentRejected', () =>
  z.object({ comment_id: generatedId() }),
);

/** The project's own events, as a fold reads them (the review events on its stream: reviews/events.ts). */
export type ProjectEvent =
  | EventOf<typeof ProjectSubmitted>
  | EventOf<typeof FileUploaded>
  | EventOf<typeof ProjectStatusChanged>
  | EventOf<typeof DesignerAssigned>
  | EventOf<typeof DesignerUnassigned>
  | EventOf<typeof PriorityChanged>
  | EventOf<typeof DueDateChanged>
  | EventOf<typeof ChecklistTaskToggled>
  | EventOf<typeof CommentPosted>
  | EventOf<typeof CommentApproved>
  | EventOf<typeof CommentRejected>;

/** Every event of the project stream (one array, not pushed to: a bundle that never names it drops it). */
export const projectEvents: EventDefinition[] = [
  ProjectSubmitted,
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
];
