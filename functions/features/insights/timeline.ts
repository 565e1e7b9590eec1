import type { OneOf } from '../../../events/catalogue.js';
import type { EventEnvelope } from '../../../events/envelope.js';
import type { ProjectCategory, ProjectStatus } from '../../../shared/vocabulary.js';
import { turnaroundDays } from '../../../shared/turnaround.js';
import type { EstimateBasis } from './contracts.js';
import type { ProjectEvent } from '../projects/events.js';
import type { ReviewEvent } from '../reviews/events.js';
import { noCase } from '../../platform/exhaustive.js';
import type { PermitEvent } from '../permits/events.js';

/** Whether the checklist's estimate was made knowing the studio's own turnaround for similar work. */
export type { EstimateBasis };

export type ChecklistOrigin = 'generated' | 'edited' | 'manual';

export interface StatusInterval {
  status: ProjectStatus;
  from: string;
  /** null: the project is still in this status. */
  to: string | null;
}

export interface DesignerSpell {
  /** The designer's user id, or the e-mail of a pre-authorised designer who has no account yet. */
  designer: string;
  name: string | null;
  from: string;
  to: string | null;
}

/**
 * A project's history as the insights read it: instants from the events' own `at` (never an
 * `updated_at` field), so the figures are the same whenever the history is replayed.
 */
export interface ProjectTimeline {
  id: string | null;
  title: string;
  category: ProjectCategory | null;
  type: string | null;
  submitted_at: string | null;
  first_started_at: string | null;
  first_delivered_at: string | null;
  /** The latest delivery (a reopened project delivered again moves it on). */
  last_delivered_at: string | null;
  /** How many times a delivered project went back to work. */
  reopened: number;
  /** How many times the project went to Needs Revision. */
  revisions: number;
  status: ProjectStatus;
  /** The latest status intervals (at most MAX_INTERVALS; older ones are summed into `earlier_days`). */
  intervals: StatusInterval[];
  /** Days spent in each status in intervals too old to keep one by one. */
  earlier_days: Partial<Record<ProjectStatus, number>>;
  /** The latest assignments (at most MAX_SPELLS). */
  designers: DesignerSpell[];
  due_date: string | null;
  /** The checklist's turnaround estimate (total hours / 2.5, rounded up): N, shown as N to N+2 days. */
  estimate_days: number | null;
  estimate_basis: EstimateBasis;
  /**
   * Whether the checklist is the estimator's as its receipt proved ('generated'), changed by the
   * client ('edited') or their own ('manual'): only 'generated' estimates say how good the estimator is.
   */
  checklist_origin: ChecklistOrigin;
  comments_posted: number;
  comments_approved: number;
  comments_rejected: number;
  /**
   * The client's review (issue 37; absent on timelines projected before it): the latest revision round their change
   * requests opened.
   */
  client_rounds?: number;
  /** The first deliverable's upload: when the client first had something to review. */
  first_deliverable_at?: string | null;
  /** Per deliverable (its v1 file id): the current version, and whether the client approved it. */
  client_review?: Record<string, { v: number; ok: boolean }>;
  /** When every current deliverable last became approved by the client (null while one is not). */
  client_approved_at?: string | null;
  /** A permit project's plan check with the city (issue 46; absent before its first corrections). */
  city?: CityTimeline;
}

/** Items per round (20 rounds at most), the latest round's open items, and the instants the figures need. */
export interface CityTimeline {
  items_per_round: number[];
  open: number;
  first_corrections_at: string;
  approved_at: string | null;
}

export function initialTimeline(): ProjectTimeline {
  return {
    id: null,
    title: '',
    category: null,
    type: null,
    submitted_at: null,
    first_started_at: null,
    first_delivered_at: null,
    last_delivered_at: null,
    reopened: 0,
    revisions: 0,
    status: 'queued',
    intervals: [],
    earlier_days: {},
    designers: [],
    due_date: null,
    estimate_days: null,
    estimate_basis: 'generic',
    checklist_origin: 'manual',
    comments_posted: 0,
    comments_approved: 0,
    comments_rejected: 0,
    client_rounds: 0,
    first_deliverable_at: null,
    client_review: {},
    client_approved_at: null,
  };
}

/** A project stream's event as the timeline folds it (the project's own and the review's). */
type TimelineEvent<E extends ProjectEvent | ReviewEvent = ProjectEvent | ReviewEvent> = OneOf<
  E,
  Pick<EventEnvelope, 'type' | 'at' | 'data'>
>;

/** The client's review of the deliverables, as the insights count it (rounds, delivery to approval). */
function evolveClientReview(
  state: ProjectTimeline,
  event: TimelineEvent<
    Extract<ProjectEvent | ReviewEvent, { type: 'FileUploaded' | 'DeliverableApproved' | 'ChangesRequested' }>
  >,
): ProjectTimeline {
  const review = state.client_review ?? {};
  switch (event.type) {
    case 'FileUploaded': {
      const { data } = event;
      if (data.file_type !== 'deliverable') return state;
      const id = data.version_of ?? data.file_id;
      const next = { ...review, [id]: { v: data.version ?? 1, ok: false } };
      return {
        ...state,
        first_deliverable_at: state.first_deliverable_at ?? event.at,
        client_review: next,
        client_approved_at: null,
      };
    }
    case 'DeliverableApproved': {
      const { data } = event;
      const current = review[data.deliverable_id];
      if (!current || current.v !== data.version || current.ok) return state;
      const next: Record<string, { v: number; ok: boolean }> = {
        ...review,
        [data.deliverable_id]: { ...current, ok: true },
      };
      return {
        ...state,
        client_review: next,
        client_approved_at: Object.values(next).every((deliverable) => deliverable.ok) ? event.at : null,
      };
    }
    case 'ChangesRequested':
      return { ...state, client_rounds: Math.max(state.client_rounds ?? 0, event.data.round) };
    default:
      return noCase(event, state);
  }
}

/**
 * A project's item must stay small (DynamoDB items stop at 400 KB) however often its status flips:
 * past these counts the oldest intervals are summed per status and the oldest assignments dropped.
 */
export const MAX_INTERVALS = 100;
export const MAX_SPELLS = 50;

function compacted(
  state: ProjectTimeline,
  intervals: StatusInterval[],
): Pick<ProjectTimeline, 'intervals' | 'earlier_days'> {
  if (intervals.length <= MAX_INTERVALS) return { intervals, earlier_days: state.earlier_days };
  const earlier_days = { ...state.earlier_days };
  for (const old of intervals.slice(0, intervals.length - MAX_INTERVALS)) {
    earlier_days[old.status] =
      (earlier_days[old.status] ?? 0) + (Date.parse(old.to!) - Date.parse(old.from)) / 86_400_000;
  }
  return { intervals: intervals.slice(-MAX_INTERVALS), earlier_days };
}

const closeLast = <T extends { to: string | null }>(list: T[], at: string): T[] =>
  list.length > 0 && list.at(-1)!.to === null ? [...list.slice(0, -1), { ...list.at(-1)!, to: at }] : list;

/** The city's plan check of a permit project, as the insights count it (rounds, items, days to the permit). */
function evolveCity(
  state: ProjectTimeline,
  event: OneOf<PermitEvent, Pick<EventEnvelope, 'type' | 'at' | 'data'>>,
): ProjectTimeline {
  const city = state.city;
  switch (event.type) {
    case 'CityCorrectionsReceived': {
      const rounds = city?.items_per_round ?? [];
      if (event.data.round <= rounds.length) return state;
      const count = event.data.items.length;
      return {
        ...state,
        city: {
          items_per_round: [...rounds, count],
          open: count,
          first_corrections_at: city?.first_corrections_at ?? event.at,
          approved_at: city?.approved_at ?? null,
        },
      };
    }
    case 'CorrectionAddressed':
      return city && event.data.round === city.items_per_round.length
        ? { ...state, city: { ...city, open: Math.max(0, city.open - 1) } }
        : state;
    case 'PermitApproved':
      return city ? { ...state, city: { ...city, open: 0, approved_at: city.approved_at ?? event.at } } : state;
    default:
      return state;
  }
}

const CITY_EVENTS = new Set(['CityCorrectionsReceived', 'CorrectionAddressed', 'PermitApproved']);

/** Folds one project event into the timeline. Pure: the same events always give the same timeline. */
export function evolveTimeline(
  state: ProjectTimeline,
  event: Pick<EventEnvelope, 'type' | 'at' | 'data'>,
): ProjectTimeline {
  if (CITY_EVENTS.has(event.type))
    return evolveCity(state, event as OneOf<PermitEvent, Pick<EventEnvelope, 'type' | 'at' | 'data'>>);
  const at = event.at;
  const e = event as TimelineEvent;
  switch (e.type) {
    case 'ProjectSubmitted': {
      const { data } = e;
      return {
        ...state,
        id: data.project_id,
        title: data.title,
        category: data.project_category,
        type: data.project_type,
        submitted_at: at,
        status: 'queued',
        intervals: [{ status: 'queued', from: at, to: null }],
        estimate_days:
          typeof data.estimated_turnaround_days === 'number'
            ? data.estimated_turnaround_days
            : turnaroundDays(data.total_estimated_hours),
        estimate_basis: data.estimate_basis === 'studio' ? 'studio' : 'generic',
        // Events before receipts are upcast to the origin their (then unproven) source implied (projects/events.ts).
        checklist_origin: data.checklist_origin,
      };
    }
    case 'ProjectStatusChanged': {
      const { to } = e.data;
      if (!state.submitted_at || to === state.status) return state;
      const reopened = state.status === 'delivered' ? state.reopened + 1 : state.reopened;
      return {
        ...state,
        status: to,
        reopened,
        revisions: to === 'needs_revision' ? state.revisions + 1 : state.revisions,
        first_started_at: state.first_started_at ?? (to === 'in_progress' ? at : null),
        first_delivered_at: state.first_delivered_at ?? (to === 'delivered' ? at : null),
        last_delivered_at: to === 'delivered' ? at : state.last_delivered_at,
        ...compacted(state, [...closeLast(state.intervals, at), { status: to, from: at, to: null }]),
      };
    }
    case 'DesignerAssigned': {
      const { data } = e;
      const designer = data.designer_id ?? data.designer_email;
      if (!designer) return state;
      return {
        ...state,
        designers: [
          ...closeLast(state.designers, at),
          { designer, name: data.designer_name ?? null, from: at, to: null },
        ].slice(-MAX_SPELLS),
      };
    }
    case 'DesignerUnassigned':
      return { ...state, designers: closeLast(state.designers, at) };
    case 'DueDateChanged':
      return { ...state, due_date: e.data.due_date ?? null };
    case 'CommentPosted':
      return { ...state, comments_posted: state.comments_posted + 1 };
    case 'CommentApproved':
      return { ...state, comments_approved: state.comments_approved + 1 };
    case 'CommentRejected':
      return { ...state, comments_rejected: state.comments_rejected + 1 };
    case 'FileUploaded':
    case 'DeliverableApproved':
    case 'ChangesRequested':
      return evolveClientReview(state, e);
    // Not counted by the insights.
    case 'ChecklistTaskToggled':
    case 'PriorityChanged':
    case 'ReviewNotePinned':
    case 'ReviewNoteResolved':
    case 'ReviewNoteReplied':
      return state;
    default:
      return noCase(e, state);
  }
}

/** The designer holding the project at an instant (null: nobody). */
export function designerAt(timeline: ProjectTimeline, at: string): DesignerSpell | null {
  for (let i = timeline.designers.length - 1; i >= 0; i -= 1) {
    const spell = timeline.designers[i]!;
    if (spell.from <= at && (spell.to === null || spell.to > at)) return spell;
  }
  return null;
}

/** The designer answerable for the project: who held it at its first delivery, else who holds it now. */
export function responsibleDesigner(timeline: ProjectTimeline): DesignerSpell | null {
  if (timeline.first_delivered_at) return designerAt(timeline, timeline.first_delivered_at);
  const last = timeline.designers.at(-1);
  return last && last.to === null ? last : null;
}
