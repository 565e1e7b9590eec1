import type { EvolvingEvent } from '../../platform/decider.js';
import type { ReviewStatus, ReviewSummary } from '../reviews/contracts.js';
import type { OneOf } from '../../../events/catalogue.js';
import type { ReviewEvent } from '../reviews/events.js';
import type { ProjectEvent } from './events.js';

/** Where one deliverable's current version stands with the client. */
export interface DeliverableStanding {
  current: number;
  status: ReviewStatus;
  /** A version uploaded after changes were requested, not yet decided. */
  ready: boolean;
}

/**
 * What the project's card and dialog show of the client's review (reviews/contracts.ts:
 * ReviewSummary), folded here from the review events of the project stream so the board's read
 * model carries it and the board needs no other request. The reviews feature keeps the full review
 * (notes, decisions); this is only the standing of each deliverable's current version.
 */
export interface ReviewStanding {
  deliverables: Record<string, DeliverableStanding>;
  round: number;
}

export const noReview = (): ReviewStanding => ({ deliverables: {}, round: 0 });

export function reviewSummaryOf(standing: ReviewStanding | undefined): ReviewSummary {
  const all = Object.values(standing?.deliverables ?? {});
  return {
    approved_by_client: all.length > 0 && all.every((deliverable) => deliverable.status === 'approved'),
    ready_for_review: all.some((deliverable) => deliverable.ready),
    changes_requested: all.some((deliverable) => deliverable.status === 'changes_requested'),
    revision_round: standing?.round ?? 0,
  };
}

/**
 * Folds one event into the standing; anything else leaves it as it was. Idempotent: a version or a
 * decision seen again changes nothing. State from before this fold existed has no standing: it
 * starts empty, which is what such a project's history (no reviews yet) gives.
 */
export function evolveStanding(standing: ReviewStanding | undefined, event: EvolvingEvent): ReviewStanding {
  const state = standing ?? noReview();
  const e = event as OneOf<ProjectEvent | ReviewEvent, EvolvingEvent>;
  switch (e.type) {
    case 'FileUploaded': {
      const { data } = e;
      if (data.file_type !== 'deliverable') return state;
      if (!data.version_of) {
        if (state.deliverables[data.file_id]) return state;
        return {
          ...state,
          deliverables: {
            ...state.deliverables,
            [data.file_id]: { current: 1, status: 'awaiting_review', ready: false },
          },
        };
      }
      const previous = state.deliverables[data.version_of];
      const version = data.version ?? (previous?.current ?? 1) + 1;
      if (!previous || version <= previous.current) return state;
      const ready =
        previous.status === 'changes_requested' || (previous.status === 'awaiting_review' && previous.ready);
      return {
        ...state,
        deliverables: {
          ...state.deliverables,
          [data.version_of]: { current: version, status: 'awaiting_review', ready },
        },
      };
    }
    case 'DeliverableApproved':
    case 'ChangesRequested': {
      const { data } = e;
      const deliverable = state.deliverables[data.deliverable_id];
      // An approval opens no round (its schema has none).
      const round = Math.max(state.round, e.type === 'ChangesRequested' ? e.data.round : 0);
      if (!deliverable || deliverable.current !== data.version) return { ...state, round };
      const status: ReviewStatus = e.type === 'DeliverableApproved' ? 'approved' : 'changes_requested';
      return {
        round,
        deliverables: { ...state.deliverables, [data.deliverable_id]: { ...deliverable, status, ready: false } },
      };
    }
    default:
      return state;
  }
}
