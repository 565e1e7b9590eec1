import type { OneOf } from '../../../events/catalogue.js';
import { canonicalEmail } from '../../../shared/email.js';
import type { ProjectEvent } from './events.js';
import type { ReviewEvent } from '../reviews/events.js';
import type { DecisionContext, Evolution, EvolvingEvent } from '../../platform/decider.js';
import type { ProjectBrief, ProjectChecklistItem, ProjectFile } from './contracts.js';
import type { ReviewSummary } from '../reviews/contracts.js';
import type { CityReviewSummary } from '../permits/contracts.js';
import type { Priority, ProjectCategory, ProjectStatus } from '#shared/vocabulary.js';
import { evolveStanding, noReview, reviewSummaryOf, type ReviewStanding } from './review-standing.js';
import { evolveCityReviewSummary } from '../permits/state.js';

/*
 * A project as folded from its stream (`project-<id>`): what the decider decides on and what the read
 * model keeps, apart from the decider so that reads carry none of the command rules.
 */

export const projectStream = (id: string) => `project-${id}`;

export type { ProjectFile };

/**
 * A comment awaiting moderation, as the fold keeps it: never its text (the comment's own item holds
 * that, written once), only its first words, which the activity entry of its approval or rejection
 * quotes. An approved comment leaves the fold: nothing decides on it any more. So the state is bounded
 * by the cap on comments awaiting moderation (PENDING_COMMENTS_MAX), however many a project gathers.
 */
export interface PendingComment {
  id: string;
  user_id: string;
  created_at: string;
  /** The first COMMENT_OPENING_LENGTH characters. */
  opening: string;
}

/** Comments of one project awaiting moderation at once; the next one is refused (429) until an admin moderates. */
export const PENDING_COMMENTS_MAX = 50;
export const COMMENT_OPENING_LENGTH = 50;

/**
 * The fold's state: what the decider decides on. Not the HTTP contract (ProjectDetail, contracts.ts): the
 * projection maps one to the other, so a field added here reaches readers only when the contract says so.
 */
export interface ProjectState extends ProjectBrief {
  /** The city's plan check on a permit project (permits/), absent until its first corrections. */
  city_review?: CityReviewSummary;
  exists: boolean;
  id: string | null;
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
  /**
   * How the checklist came about, as its receipt proved (events.ts); the read model derives `grok_generated` from it.
   */
  checklist_origin: 'generated' | 'edited' | 'manual';
  due_date: string | null;
  assigned_designer_id: string | null;
  assigned_designer_email: string | null;
  assigned_designer_name: string | null;
  files: ProjectFile[];
  /** Comments awaiting moderation (approved ones and their texts live in the views only). */
  pending_comments: PendingComment[];
  /** The client's review of the deliverables, as the board and the dialog show it. */
  review_summary: ReviewSummary;
  created_at: string | null;
  updated_at: string | null;
  /** What the review summary is folded from (kept off the documents readers get). */
  review_standing: ReviewStanding;
}

export const initialProjectState = (): ProjectState => ({
  exists: false,
  id: null,
  user_id: null,
  created_by: null,
  team_id: null,
  title: '',
  description: '',
  status: 'queued',
  priority: 'Normal',
  project_category: null,
  project_type: null,
  property_type: null,
  design_priority: [],
  area_sqft: null,
  existing_plans: false,
  permit_needs: null,
  deliverables: [],
  room_selection: [],
  room_notes: null,
  inspiration_links: [],
  project_address: null,
  specifications: {},
  checklist: [],
  total_estimated_hours: 0,
  estimated_turnaround_days: null,
  checklist_origin: 'manual',
  due_date: null,
  assigned_designer_id: null,
  assigned_designer_email: null,
  assigned_designer_name: null,
  files: [],
  pending_comments: [],
  review_summary: reviewSummaryOf(undefined),
  review_standing: noReview(),
  created_at: null,
  updated_at: null,
});

/**
 * The spec's 'AI-generated checklist' flag (`grok_generated`), as the read model derives it from the
 * one recorded provenance: a checklist the checklist step's receipt proved, as it came or edited.
 */
export const grokGenerated = (origin: ProjectState['checklist_origin']): boolean => origin !== 'manual';

/**
 * The project as its document keeps it and readers get it (ProjectDetail, with its id): the state
 * without what only the fold needs, and with the derived `grok_generated`.
 */
export function projectDocument(state: ProjectState) {
  const { pending_comments: _pending, review_standing: _standing, ...document } = state;
  return { ...document, grok_generated: grokGenerated(state.checklist_origin) };
}

function reviewed(state: ProjectState, event: EvolvingEvent): Pick<ProjectState, 'review_standing' | 'review_summary'> {
  const review_standing = evolveStanding(state.review_standing, event);
  return { review_standing, review_summary: reviewSummaryOf(review_standing) };
}

const CITY_REVIEW_EVENTS = new Set([
  'CityCorrectionsReceived',
  'CorrectionAddressed',
  'ResubmittedToCity',
  'PermitApproved',
]);

export function evolveProject(state: ProjectState, event: EvolvingEvent): ProjectState {
  const e = event as OneOf<ProjectEvent | ReviewEvent, EvolvingEvent>;
  switch (e.type) {
    case 'ProjectSubmitted': {
      const { project_id, checklist, ...data } = e.data;
      return {
        ...state,
        ...data,
        exists: true,
        id: project_id,
        // Who submitted it: the client, or the admin who did it on their behalf.
        created_by: event.actor.role === 'admin' ? event.actor.sub : data.user_id,
        status: 'queued',
        checklist: checklist.map((item) => ({ ...item, completed: false })),
        created_at: event.at,
        updated_at: event.at,
      };
    }
    case 'FileUploaded': {
      const { file_id, ...file } = e.data;
      if (state.files.some((known) => known.id === file_id)) return state;
      const record: ProjectFile = {
        id: file_id,
        ...file,
        upload_status: 'success',
        uploader_id: event.actor.sub,
        created_at: event.at,
      };
      return { ...state, files: [record, ...state.files], ...reviewed(state, event), updated_at: event.at };
    }
    case 'DeliverableApproved':
    case 'ChangesRequested':
      return { ...state, ...reviewed(state, event), updated_at: event.at };
    case 'ProjectStatusChanged':
      return { ...state, status: e.data.to, updated_at: event.at };
    case 'DesignerAssigned': {
      const { data } = e;
      return {
        ...state,
        assigned_designer_id: data.designer_id,
        assigned_designer_email: data.designer_email,
        assigned_designer_name: data.designer_name,
        updated_at: event.at,
      };
    }
    case 'DesignerUnassigned':
      return {
        ...state,
        assigned_designer_id: null,
        assigned_designer_email: null,
        assigned_designer_name: null,
        updated_at: event.at,
      };
    case 'PriorityChanged':
      return { ...state, priority: e.data.priority, updated_at: event.at };
    case 'DueDateChanged':
      return { ...state, due_date: e.data.due_date, updated_at: event.at };
    case 'ChecklistTaskToggled': {
      const { data } = e;
      return {
        ...state,
        checklist: state.checklist.map((task) =>
          task.checklist_id === data.checklist_id ? { ...task, completed: data.completed } : task,
        ),
        updated_at: event.at,
      };
    }
    case 'CommentPosted': {
      const comment: PendingComment = {
        id: e.data.comment_id,
        user_id: event.actor.sub,
        created_at: event.at,
        opening: e.data.content.substring(0, COMMENT_OPENING_LENGTH),
      };
      return { ...state, pending_comments: [comment, ...state.pending_comments] };
    }
    case 'CommentApproved':
    case 'CommentRejected': {
      const id = e.data.comment_id;
      return { ...state, pending_comments: state.pending_comments.filter((c) => c.id !== id) };
    }
    default:
      // The city's review of a permit project: its badge rides on the project's document and card.
      if (CITY_REVIEW_EVENTS.has(event.type))
        return { ...state, city_review: evolveCityReviewSummary(state.city_review, event), updated_at: event.at };
      return state;
  }
}

/** Folds a stream's events without the decider's rules (decider.ts: Evolution). */
/**
 * Commands on a project's stream start from its snapshot (platform/event-store/folds.ts): a new revision when the fold
 * or the snapshot's stored form changes (4: the state is sealed under the project's data key).
 */
export const PROJECT_SNAPSHOT = { name: 'project', revision: 4 };

export const projectEvolution: Evolution<ProjectState> = {
  initialState: initialProjectState,
  evolve: evolveProject,
  snapshot: PROJECT_SNAPSHOT,
};

/**
 * Who is asking, as the rules of a project's sides need it: from a command's context (a decider) or
 * from the verified token (a read route). The reviews and the city review share these rules.
 */
export interface ProjectParty {
  sub: string;
  admin: boolean;
  designer: boolean;
  /** The addresses the designer proved, canonical. */
  designerEmails: readonly string[];
  teamId: string | null;
}

/** The project's client, or a member of the client's team. */
export const onClientSide = (
  project: { user_id: string | null; team_id: string | null },
  party: ProjectParty,
): boolean =>
  (project.user_id !== null && project.user_id === party.sub) ||
  (project.team_id !== null && party.teamId === project.team_id);

/** An admin, or the designer the project is assigned to (by id, or by an e-mail they proved). */
export const onStudioSide = (
  project: { assigned_designer_id: string | null; assigned_designer_email: string | null },
  party: ProjectParty,
): boolean =>
  party.admin ||
  (party.designer &&
    ((project.assigned_designer_id !== null && project.assigned_designer_id === party.sub) ||
      (project.assigned_designer_email !== null &&
        party.designerEmails.includes(canonicalEmail(project.assigned_designer_email)))));

/** The caller of a command, as the rules above need it. */
export const partyOfContext = (context: DecisionContext, callerTeamId: string | null = null): ProjectParty => ({
  sub: context.actor.sub,
  admin: context.actor.role === 'admin',
  designer: context.actor.role === 'designer',
  designerEmails: context.actorEmail ? [canonicalEmail(context.actorEmail)] : [],
  teamId: callerTeamId,
});
