import type { OneOf } from '../../../events/catalogue.js';
import type { ProjectCategory, ProjectStatus } from '../../../shared/vocabulary.js';
import type { Evolution, EvolvingEvent } from '../../platform/decider.js';
import type { ProjectEvent } from '../projects/events.js';
import { noCityReview, type CityReviewSummary, type CityStage } from './contracts.js';
import type { PermitEvent } from './events.js';

/**
 * The city's review of a permit project, folded from the project stream. One fold serves the decider
 * (its rules read it), the response letter (its texts) and the read model (without the texts). People
 * are kept as account ids: names are looked up when read.
 */
export interface CorrectionItemState {
  item_id: string;
  number: number;
  sheet: string | null;
  code_reference: string | null;
  comment: string;
  response: string | null;
  revised_file_id: string | null;
  revised_file_name: string | null;
  addressed_at: string | null;
  addressed_by: string | null;
}

export interface RoundState {
  round: number;
  received_at: string;
  received_by: string;
  letter_file_id: string | null;
  source: string;
  items: CorrectionItemState[];
  response_letter: { file_id: string; file_name: string; at: string } | null;
  resubmitted_at: string | null;
}

export interface CityReviewState {
  exists: boolean;
  project_id: string | null;
  title: string;
  project_address: string | null;
  project_category: ProjectCategory | null;
  user_id: string | null;
  team_id: string | null;
  status: ProjectStatus;
  assigned_designer_id: string | null;
  assigned_designer_email: string | null;
  /** The project's files by id (name, and whether a deliverable): a revised sheet links to a deliverable version. */
  files: Record<string, { file_name: string; deliverable: boolean; file_url: string; pdf: boolean }>;
  rounds: RoundState[];
  stage: CityStage;
  permit_number: string | null;
  approved_at: string | null;
}

export const initialCityReviewState = (): CityReviewState => ({
  exists: false,
  project_id: null,
  title: '',
  project_address: null,
  project_category: null,
  user_id: null,
  team_id: null,
  status: 'queued',
  assigned_designer_id: null,
  assigned_designer_email: null,
  files: {},
  rounds: [],
  stage: 'none',
  permit_number: null,
  approved_at: null,
});

export const latestRound = (state: Pick<CityReviewState, 'rounds'>): RoundState | null => state.rounds.at(-1) ?? null;
export const openItemsOf = (round: RoundState | null) =>
  round ? round.items.filter((item) => item.response === null).length : 0;
export const isPermitProject = (state: Pick<CityReviewState, 'project_category'>) =>
  state.project_category === 'Permit';

type Folded = OneOf<ProjectEvent | PermitEvent, EvolvingEvent>;

const replaceRound = (state: CityReviewState, next: RoundState): CityReviewState => ({
  ...state,
  rounds: state.rounds.map((round) => (round.round === next.round ? next : round)),
});

/** Folds one project event into the city review. Idempotent: an event applied twice changes nothing more. */
export function evolveCityReview(state: CityReviewState, event: EvolvingEvent): CityReviewState {
  const e = event as Folded;
  switch (e.type) {
    case 'ProjectSubmitted': {
      const { data } = e;
      return {
        ...state,
        exists: true,
        project_id: data.project_id,
        title: data.title,
        project_address: data.project_address,
        project_category: data.project_category,
        user_id: data.user_id,
        team_id: data.team_id,
      };
    }
    case 'ProjectStatusChanged':
      return { ...state, status: e.data.to };
    case 'DesignerAssigned':
      return { ...state, assigned_designer_id: e.data.designer_id, assigned_designer_email: e.data.designer_email };
    case 'DesignerUnassigned':
      return { ...state, assigned_designer_id: null, assigned_designer_email: null };
    case 'FileUploaded': {
      const { data } = e;
      if (state.files[data.file_id]) return state;
      const file = {
        file_name: data.file_name,
        deliverable: data.file_type === 'deliverable',
        file_url: data.file_url,
        pdf: data.file_category === 'application/pdf',
      };
      return { ...state, files: { ...state.files, [data.file_id]: file } };
    }
    case 'CityCorrectionsReceived': {
      const { data } = e;
      if (state.rounds.some((known) => known.round === data.round)) return state;
      const items = data.items.map(
        (item): CorrectionItemState => ({
          ...item,
          response: null,
          revised_file_id: null,
          revised_file_name: null,
          addressed_at: null,
          addressed_by: null,
        }),
      );
      const round: RoundState = {
        round: data.round,
        received_at: event.at,
        received_by: event.actor.sub,
        letter_file_id: data.letter_file_id,
        source: data.source,
        items,
        response_letter: null,
        resubmitted_at: null,
      };
      return { ...state, rounds: [...state.rounds, round], stage: 'corrections' };
    }
    case 'CorrectionAddressed': {
      const { data } = e;
      const round = state.rounds.find((known) => known.round === data.round);
      if (!round) return state;
      const items = round.items.map((item) =>
        item.item_id === data.item_id && item.response === null
          ? {
              ...item,
              response: data.response,
              revised_file_id: data.revised_file_id,
              revised_file_name: data.revised_file_name,
              addressed_at: event.at,
              addressed_by: event.actor.sub,
            }
          : item,
      );
      return replaceRound(state, { ...round, items });
    }
    case 'ResponseLetterIssued': {
      const { data } = e;
      const round = state.rounds.find((known) => known.round === data.round);
      if (!round || round.response_letter) return state;
      return replaceRound(state, {
        ...round,
        response_letter: { file_id: data.file_id, file_name: data.file_name, at: event.at },
      });
    }
    case 'ResubmittedToCity': {
      const round = state.rounds.find((known) => known.round === e.data.round);
      if (!round || round.resubmitted_at) return state;
      return {
        ...replaceRound(state, { ...round, resubmitted_at: event.at }),
        stage: state.stage === 'approved' ? state.stage : 'resubmitted',
      };
    }
    case 'PermitApproved':
      if (state.stage === 'approved') return state;
      return { ...state, stage: 'approved', permit_number: e.data.permit_number, approved_at: event.at };
    default:
      return state;
  }
}

/** Folds the project stream into the city review, without the decider's rules (a read path bundles no decide). */
export const cityReviewEvolution: Evolution<CityReviewState> = {
  initialState: initialCityReviewState,
  evolve: evolveCityReview,
};

/**
 * The badge's summary, folded from the city review events alone: the projects feature keeps it on
 * the project's document and card (so the boards need no other request), as it does the review summary.
 * Idempotent: an item answered twice leaves the open ids once; a round seen again changes nothing.
 */
export function evolveCityReviewSummary(
  summary: CityReviewSummary | undefined,
  event: EvolvingEvent,
): CityReviewSummary {
  const state = summary ?? noCityReview();
  const e = event as Folded;
  switch (e.type) {
    case 'CityCorrectionsReceived': {
      if (e.data.round <= state.round) return state;
      const open_ids = e.data.items.map((item) => item.item_id);
      return {
        ...state,
        stage: state.stage === 'approved' ? 'approved' : 'corrections',
        round: e.data.round,
        open_ids,
        open_items: open_ids.length,
      };
    }
    case 'CorrectionAddressed': {
      if (e.data.round !== state.round || !state.open_ids.includes(e.data.item_id)) return state;
      const open_ids = state.open_ids.filter((known) => known !== e.data.item_id);
      return { ...state, open_ids, open_items: open_ids.length };
    }
    case 'ResubmittedToCity':
      return e.data.round === state.round && state.stage === 'corrections' ? { ...state, stage: 'resubmitted' } : state;
    case 'PermitApproved':
      return { ...state, stage: 'approved', permit_number: e.data.permit_number, open_ids: [], open_items: 0 };
    default:
      return state;
  }
}

/** The badge's summary as the full state tells it (what an action answers with). */
export function summaryOf(state: CityReviewState): CityReviewSummary {
  const latest = latestRound(state);
  const open_ids =
    state.stage === 'approved' || !latest
      ? []
      : latest.items.filter((item) => item.response === null).map((item) => item.item_id);
  return {
    stage: state.stage,
    round: latest?.round ?? 0,
    open_items: open_ids.length,
    permit_number: state.permit_number,
    open_ids,
  };
}
