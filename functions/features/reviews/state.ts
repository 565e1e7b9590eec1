import type { EventOf, OneOf } from '../../../events/catalogue.js';
import type { ProjectStatus } from '../../../shared/vocabulary.js';
import type { Evolution, EvolvingEvent } from '../../platform/decider.js';
import type { ReviewStatus } from './contracts.js';
import type { ChangesRequested, DeliverableApproved, ReviewEvent } from './events.js';
import type { FileUploaded, ProjectEvent } from '../projects/events.js';

/**
 * The client's review of a project's deliverables, folded from the project stream. One fold serves
 * the decider (its rules read it) and the read model (its view is this state with names joined on
 * read). People are kept as account ids (`sub`): names change, and are looked up when read.
 */
export interface VersionState {
  version: number;
  file_id: string;
  file_name: string;
  file_size: number;
  uploaded_at: string;
  uploaded_by: string;
  /** Pages as counted when recorded (absent on versions folded before pages were counted, or unknown). */
  page_count?: number | null;
}

export interface ReplyState {
  reply_id: string;
  text: string;
  author: string;
  author_role: 'designer' | 'admin';
  at: string;
}

export interface NoteState {
  note_id: string;
  deliverable_id: string;
  /** The pin's number on its version, from 1. */
  number: number;
  version: number;
  page: number;
  x: number;
  y: number;
  text: string;
  author: string;
  at: string;
  resolved: boolean;
  resolved_at: string | null;
  resolved_by: string | null;
  /** The studio's answers, oldest first (absent on notes folded before replies existed). */
  replies?: ReplyState[];
}

export interface DecisionState {
  version: number;
  decision: 'approved' | 'changes_requested';
  summary: string | null;
  round: number | null;
  note_count: number | null;
  by: string;
  at: string;
}

export interface DeliverableState {
  deliverable_id: string;
  /** Oldest first; the last is the current version. */
  versions: VersionState[];
  /** Of the current version. */
  status: ReviewStatus;
  ready_for_review: boolean;
  decisions: DecisionState[];
}

export interface ReviewState {
  exists: boolean;
  project_id: string | null;
  title: string;
  user_id: string | null;
  team_id: string | null;
  status: ProjectStatus;
  assigned_designer_id: string | null;
  assigned_designer_email: string | null;
  /** In the order they were first delivered. */
  deliverables: DeliverableState[];
  /** Every version's notes, oldest first. */
  notes: NoteState[];
  /** 0 before the first change request. */
  revision_round: number;
}

/**
 * A review as its view keeps it: the state without the project's status (the project's own views
 * show it, and nothing the review answers depends on it), so a status change leaves the summary as
 * it was and writes only the projection's checkpoint.
 */
export type ReviewSummary = Omit<ReviewState, 'status'>;

export const initialReviewState = (): ReviewState => ({
  exists: false,
  project_id: null,
  title: '',
  user_id: null,
  team_id: null,
  status: 'queued',
  assigned_designer_id: null,
  assigned_designer_email: null,
  deliverables: [],
  notes: [],
  revision_round: 0,
});

export const currentVersion = (deliverable: DeliverableState) => deliverable.versions.at(-1)!.version;

/** Every current deliverable approved, and at least one deliverable. */
export const approvedByClient = (state: Pick<ReviewState, 'deliverables'>) =>
  state.deliverables.length > 0 && state.deliverables.every((deliverable) => deliverable.status === 'approved');

/** The open notes of one version of a deliverable. */
export const openNotesOn = (state: ReviewState, deliverableId: string, version: number) =>
  state.notes.filter((note) => note.deliverable_id === deliverableId && note.version === version && !note.resolved);

const replaceDeliverable = (state: ReviewState, next: DeliverableState): ReviewState => ({
  ...state,
  deliverables: state.deliverables.map((deliverable) =>
    deliverable.deliverable_id === next.deliverable_id ? next : deliverable,
  ),
});

/** What the review folds: the project stream's events (the project's own and the review's). */
type Folded<E extends ProjectEvent | ReviewEvent = ProjectEvent | ReviewEvent> = OneOf<E, EvolvingEvent>;

function evolveFile(state: ReviewState, event: Folded<EventOf<typeof FileUploaded>>): ReviewState {
  const { data } = event;
  if (data.file_type !== 'deliverable') return state;
  const deliverableId = data.version_of ?? data.file_id;
  const known = state.deliverables.find((deliverable) => deliverable.deliverable_id === deliverableId);
  if (known?.versions.some((version) => version.file_id === data.file_id)) return state;
  const version: VersionState = {
    version: data.version ?? (known ? currentVersion(known) + 1 : 1),
    file_id: data.file_id,
    file_name: data.file_name,
    file_size: data.file_size,
    uploaded_at: event.at,
    uploaded_by: event.actor.sub,
    page_count: data.page_count ?? null,
  };
  if (!known) {
    // A version whose v1 is unknown cannot happen (the projects decider refuses it); a v1 starts a deliverable.
    if (data.version_of) return state;
    return {
      ...state,
      deliverables: [
        ...state.deliverables,
        {
          deliverable_id: deliverableId,
          versions: [version],
          status: 'awaiting_review',
          ready_for_review: false,
          decisions: [],
        },
      ],
    };
  }
  if (version.version <= currentVersion(known)) return state;
  // Changes were asked for on the version this one replaces (or on one before, still unanswered by a decision): the
  // client is asked to look again.
  const ready = known.status === 'changes_requested' || (known.status === 'awaiting_review' && known.ready_for_review);
  return replaceDeliverable(state, {
    ...known,
    versions: [...known.versions, version],
    status: 'awaiting_review',
    ready_for_review: ready,
  });
}

function evolveDecision(
  state: ReviewState,
  event: Folded<EventOf<typeof DeliverableApproved> | EventOf<typeof ChangesRequested>>,
): ReviewState {
  const { data } = event;
  // A change request's own fields (round, note count, summary); an approval has none.
  const changes = event.type === 'ChangesRequested' ? event.data : null;
  const approved = changes === null;
  const revision_round = Math.max(state.revision_round, changes?.round ?? 0);
  const deliverable = state.deliverables.find((candidate) => candidate.deliverable_id === data.deliverable_id);
  if (!deliverable || deliverable.decisions.some((decision) => decision.version === data.version))
    return { ...state, revision_round };
  const decision: DecisionState = {
    version: data.version,
    decision: approved ? 'approved' : 'changes_requested',
    summary: changes?.summary ?? null,
    round: changes?.round ?? null,
    note_count: changes?.note_count ?? null,
    by: event.actor.sub,
    at: event.at,
  };
  const current = currentVersion(deliverable) === data.version;
  const next: DeliverableState = {
    ...deliverable,
    decisions: [...deliverable.decisions, decision],
    ...(current ? { status: decision.decision, ready_for_review: false } : {}),
  };
  return { ...replaceDeliverable(state, next), revision_round };
}

/** Folds one project event into the review. Idempotent: an event applied twice changes nothing more. */
export function evolveReview(state: ReviewState, event: EvolvingEvent): ReviewState {
  const e = event as Folded;
  switch (e.type) {
    case 'ProjectSubmitted': {
      const { data } = e;
      return {
        ...state,
        exists: true,
        project_id: data.project_id,
        title: data.title,
        user_id: data.user_id,
        team_id: data.team_id,
      };
    }
    case 'ProjectStatusChanged':
      return { ...state, status: e.data.to };
    case 'DesignerAssigned': {
      const { data } = e;
      return { ...state, assigned_designer_id: data.designer_id, assigned_designer_email: data.designer_email };
    }
    case 'DesignerUnassigned':
      return { ...state, assigned_designer_id: null, assigned_designer_email: null };
    case 'FileUploaded':
      return evolveFile(state, e);
    case 'ReviewNotePinned': {
      const { data } = e;
      if (state.notes.some((note) => note.note_id === data.note_id)) return state;
      const number =
        state.notes.filter((note) => note.deliverable_id === data.deliverable_id && note.version === data.version)
          .length + 1;
      const note: NoteState = {
        ...data,
        number,
        author: event.actor.sub,
        at: event.at,
        resolved: false,
        resolved_at: null,
        resolved_by: null,
      };
      return { ...state, notes: [...state.notes, note] };
    }
    case 'ReviewNoteResolved': {
      const { note_id } = e.data;
      return {
        ...state,
        notes: state.notes.map((note) =>
          note.note_id === note_id && !note.resolved
            ? { ...note, resolved: true, resolved_at: event.at, resolved_by: event.actor.sub }
            : note,
        ),
      };
    }
    case 'ReviewNoteReplied': {
      const { data } = e;
      const reply: ReplyState = {
        reply_id: data.reply_id,
        text: data.text,
        author: event.actor.sub,
        author_role: event.actor.role === 'admin' ? 'admin' : 'designer',
        at: event.at,
      };
      return {
        ...state,
        notes: state.notes.map((note) =>
          note.note_id === data.note_id && !(note.replies ?? []).some((known) => known.reply_id === data.reply_id)
            ? { ...note, replies: [...(note.replies ?? []), reply] }
            : note,
        ),
      };
    }
    case 'DeliverableApproved':
    case 'ChangesRequested':
      return evolveDecision(state, e);
    default:
      return state;
  }
}

/** Folds the project stream into the review, without the decider's rules (a read path bundles no decide). */
export const reviewEvolution: Evolution<ReviewState> = { initialState: initialReviewState, evolve: evolveReview };
