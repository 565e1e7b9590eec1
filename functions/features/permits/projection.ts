import { isEvent } from '../../../events/catalogue.js';
import type { EventEnvelope } from '../../../events/envelope.js';
import type { Projection } from '../../platform/views/projection.js';
import type { ViewItem } from '../../platform/views/views.js';
import type { RoundHeader } from './contracts.js';
import { CityCorrectionsReceived, CorrectionAddressed } from './events.js';
import { answerKey, cityReviewKey, correctionItemKey } from './keys.js';
import { cityReviewEvolution, openItemsOf, type CityReviewState } from './state.js';

/**
 * The city review view per permit project (GET /api/projects/{id}/city-review reads it): one small
 * document (stage, permit, each round's header), one item per correction as the city wrote it and
 * one per answer, each written once when its event is projected. The texts stay out of the document
 * and of the projection's checkpoint: 20 rounds of 200 comments of 2,000 characters would not fit
 * one 400 KB item, while a correction and its answer each fit easily.
 */
export const cityReviewProjection: Projection<CityReviewState> = {
  name: 'city-review',
  streamPrefix: 'project-',
  initialState: cityReviewEvolution.initialState,
  evolve(state, event) {
    return withoutTexts(cityReviewEvolution.evolve(state, event));
  },
  // A project's category is fixed when it is submitted: the city review of any other project stays empty.
  settled: (state) => state.exists && state.project_category !== 'Permit',
  commitsChangesOnly: true,
  items(state) {
    if (!state.exists || !state.project_id || state.project_category !== 'Permit') return [];
    return [{ ...cityReviewKey(state.project_id), doc: JSON.stringify(documentOf(state)) }];
  },
  eventItems(event: EventEnvelope, _before, after) {
    const projectId = after.project_id;
    if (!projectId || after.project_category !== 'Permit') return [];
    if (isEvent(event, CityCorrectionsReceived)) {
      return event.data.items.map(
        (item, index) =>
          ({
            ...correctionItemKey(projectId, event.data.round, index, item.item_id),
            item: JSON.stringify(item),
          }) satisfies ViewItem,
      );
    }
    if (isEvent(event, CorrectionAddressed)) {
      const { round, item_id, response, revised_file_id, revised_file_name } = event.data;
      return [
        {
          ...answerKey(projectId, round, item_id),
          answer: JSON.stringify({ response, revised_file_id, revised_file_name, at: event.at }),
        } satisfies ViewItem,
      ];
    }
    return [];
  },
};

/** What the document holds: the badge's facts and the rounds' headers (never a text). */
export interface CityReviewDocument {
  stage: CityReviewState['stage'];
  permit_number: string | null;
  approved_at: string | null;
  user_id: string | null;
  team_id: string | null;
  assigned_designer_id: string | null;
  assigned_designer_email: string | null;
  rounds: RoundHeader[];
}

export function documentOf(state: CityReviewState): CityReviewDocument {
  return {
    stage: state.stage,
    permit_number: state.permit_number,
    approved_at: state.approved_at,
    user_id: state.user_id,
    team_id: state.team_id,
    assigned_designer_id: state.assigned_designer_id,
    assigned_designer_email: state.assigned_designer_email,
    rounds: state.rounds.map((round) => ({
      round: round.round,
      received_at: round.received_at,
      item_count: round.items.length,
      open_items: openItemsOf(round),
      letter_file_id: round.letter_file_id,
      response_letter: round.response_letter,
      resubmitted_at: round.resubmitted_at,
    })),
  };
}

/**
 * The checkpoint keeps each item's id, number and whether it is answered, never its texts: those
 * are in their own items. The files' names are not needed by the view either.
 */
function withoutTexts(state: CityReviewState): CityReviewState {
  return {
    ...state,
    files: {},
    rounds: state.rounds.map((round) => ({
      ...round,
      items: round.items.map((item) =>
        item.comment || item.response || item.sheet || item.code_reference || item.revised_file_name
          ? {
              ...item,
              comment: '',
              sheet: null,
              code_reference: null,
              response: item.response === null ? null : '',
              revised_file_name: null,
            }
          : item,
      ),
    })),
  };
}
