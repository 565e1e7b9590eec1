import type { NewEvent } from '../../../events/envelope.js';
import type { Decider, DecisionContext } from '../../platform/decider.js';
import { conflict, forbidden, invalid, limitReached, notFound } from '../../platform/domain-errors.js';
import { FileUploaded, ProjectStatusChanged } from '../projects/events.js';
import { onClientSide, onStudioSide, partyOfContext } from '../projects/state.js';
import {
  CODE_REFERENCE_MAX,
  COMMENT_MAX,
  ITEMS_PER_ROUND_MAX,
  PERMIT_NUMBER_MAX,
  RESPONSE_MAX,
  ROUND_TEXT_MAX,
  ROUNDS_MAX,
  SHEET_MAX,
  type ProposalSource,
} from './contracts.js';
import {
  CityCorrectionsReceived,
  CorrectionAddressed,
  PermitApproved,
  ResponseLetterIssued,
  ResubmittedToCity,
} from './events.js';
import {
  evolveCityReview,
  initialCityReviewState,
  isPermitProject,
  latestRound,
  openItemsOf,
  type CityReviewState,
  type RoundState,
} from './state.js';

export type { CityReviewState } from './state.js';

export interface NewCorrectionItem {
  item_id: string;
  number?: number | null;
  sheet?: string | null;
  code_reference?: string | null;
  comment: string;
}

/**
 * The city review's commands. `caller_team_id` is the caller's team as the users projection knows it
 * (the handler reads it): a colleague of the client records the city's answers too.
 */
export type CityReviewCommand =
  | {
      type: 'RecordCorrections';
      items: NewCorrectionItem[];
      letter_file_id: string | null;
      source: ProposalSource;
      caller_team_id: string | null;
    }
  | { type: 'AddressCorrection'; round: number; item_id: string; response: string; revised_file_id: string | null }
  | {
      type: 'IssueResponseLetter';
      round: number;
      file_id: string;
      file_name: string;
      file_url: string;
      file_size: number;
    }
  | { type: 'Resubmit'; round: number; caller_team_id: string | null }
  | { type: 'ApprovePermit'; permit_number: string; caller_team_id: string | null };

export const NOT_A_PERMIT_PROJECT = 'City review is for permit projects';
export const RECORDERS_ONLY = "Only the project's client and their team, or an admin, record the city's answers";
export const RESPONDERS_ONLY = 'Only the assigned designer or an admin answer the city';
const ROUND_ITEMS_LIMIT = `A plan check round holds at most ${ITEMS_PER_ROUND_MAX} items`;
export const TOO_MANY_ITEMS = `${ROUND_ITEMS_LIMIT}: split the letter's comments or combine them`;
export const TOO_MANY_ROUNDS = `A project holds at most ${ROUNDS_MAX} plan check rounds`;
export const ROUND_STILL_OPEN = 'Mark the current round resubmitted to the city before recording new corrections';
export const ALREADY_APPROVED = 'The permit is already approved';
export const RESPONSE_REQUIRED = 'Write a response first';
export const ADDRESS_EVERY_ITEM = 'Address every item of the round first';
export const LETTER_FIRST = 'Generate the response letter before marking the round resubmitted';
export const PERMIT_NUMBER_REQUIRED = 'Enter the permit number';

/** The project's client, a member of the client's team, or an admin. */
export const isRecorder = (
  state: Pick<CityReviewState, 'user_id' | 'team_id'>,
  context: DecisionContext,
  callerTeamId: string | null,
): boolean => context.actor.role === 'admin' || onClientSide(state, partyOfContext(context, callerTeamId));

/** An admin, or the designer the project is assigned to (by id, or by the e-mail they proved). */
export const isResponder = (
  state: Pick<CityReviewState, 'assigned_designer_id' | 'assigned_designer_email'>,
  context: DecisionContext,
): boolean => onStudioSide(state, partyOfContext(context));

const clean = (value: string | null | undefined) => value?.trim() || null;

function roundOf(state: CityReviewState, round: number): RoundState {
  const found = state.rounds.find((known) => known.round === round);
  if (!found) throw notFound(`Plan check round ${round} not found`);
  return found;
}

/** The round the studio may still answer: the latest, not yet resubmitted. */
function answerable(state: CityReviewState, round: number): RoundState {
  const found = roundOf(state, round);
  if (found.round !== latestRound(state)?.round || found.resubmitted_at)
    throw conflict(`Plan check round ${round} was already resubmitted to the city`);
  return found;
}

function recordCorrections(
  command: Extract<CityReviewCommand, { type: 'RecordCorrections' }>,
  state: CityReviewState,
  context: DecisionContext,
): NewEvent[] {
  if (!isRecorder(state, context, command.caller_team_id)) throw forbidden(RECORDERS_ONLY);
  if (state.stage === 'approved') throw conflict(ALREADY_APPROVED);
  const latest = latestRound(state);
  if (latest && !latest.resubmitted_at) throw conflict(ROUND_STILL_OPEN);
  if (state.rounds.length >= ROUNDS_MAX) throw limitReached(TOO_MANY_ROUNDS);
  if (command.items.length === 0) throw invalid('Add at least one comment');
  if (command.items.length > ITEMS_PER_ROUND_MAX) throw limitReached(TOO_MANY_ITEMS);
  if (command.letter_file_id && !state.files[command.letter_file_id])
    throw notFound('The correction letter was not found on this project');
  let total = 0;
  const items = command.items.map((item, index) => {
    const comment = item.comment.trim();
    if (!comment) throw invalid(`Item ${index + 1}: a comment is required`);
    if (comment.length > COMMENT_MAX)
      throw invalid(`Item ${index + 1}: a comment has at most ${COMMENT_MAX.toLocaleString('en-US')} characters`);
    const sheet = clean(item.sheet);
    if (sheet && sheet.length > SHEET_MAX)
      throw invalid(`Item ${index + 1}: a sheet has at most ${SHEET_MAX} characters`);
    const code_reference = clean(item.code_reference);
    if (code_reference && code_reference.length > CODE_REFERENCE_MAX)
      throw invalid(`Item ${index + 1}: a code reference has at most ${CODE_REFERENCE_MAX} characters`);
    total += comment.length + (code_reference?.length ?? 0);
    return { item_id: item.item_id, number: item.number ?? index + 1, sheet, code_reference, comment };
  });
  if (total > ROUND_TEXT_MAX)
    throw invalid(
      `A round's comments hold at most ${ROUND_TEXT_MAX.toLocaleString('en-US')} characters together: record the ` +
        `rest in the next round`,
    );
  const round = (latest?.round ?? 0) + 1;
  const events: NewEvent[] = [
    CityCorrectionsReceived.create({ round, letter_file_id: command.letter_file_id, items, source: command.source }),
  ];
  // The spec's four statuses stay: the city's corrections are work again.
  if (state.status === 'delivered') events.push(ProjectStatusChanged.create({ from: state.status, to: 'in_progress' }));
  return events;
}

function addressCorrection(
  command: Extract<CityReviewCommand, { type: 'AddressCorrection' }>,
  state: CityReviewState,
  context: DecisionContext,
): NewEvent[] {
  if (!isResponder(state, context)) throw forbidden(RESPONDERS_ONLY);
  const round = answerable(state, command.round);
  const item = round.items.find((candidate) => candidate.item_id === command.item_id);
  if (!item) throw notFound('Correction item not found');
  const response = command.response.trim();
  if (!response) throw invalid(RESPONSE_REQUIRED);
  if (response.length > RESPONSE_MAX)
    throw invalid(`A response has at most ${RESPONSE_MAX.toLocaleString('en-US')} characters`);
  if (item.response !== null) throw conflict(`Item ${item.number} is already addressed`);
  let revised_file_name: string | null = null;
  if (command.revised_file_id) {
    const file = state.files[command.revised_file_id];
    if (!file?.deliverable) throw notFound('The revised version was not found among the deliverables');
    revised_file_name = file.file_name;
  }
  return [
    CorrectionAddressed.create({
      round: round.round,
      item_id: item.item_id,
      response,
      revised_file_id: command.revised_file_id,
      revised_file_name,
    }),
  ];
}

function issueResponseLetter(
  command: Extract<CityReviewCommand, { type: 'IssueResponseLetter' }>,
  state: CityReviewState,
  context: DecisionContext,
): NewEvent[] {
  if (!isResponder(state, context)) throw forbidden(RESPONDERS_ONLY);
  const round = answerable(state, command.round);
  const open = openItemsOf(round);
  if (open > 0) throw conflict(`${ADDRESS_EVERY_ITEM} (${open} open)`);
  if (round.response_letter) throw conflict(`The response letter of round ${round.round} is already ready`);
  return [
    FileUploaded.create({
      file_id: command.file_id,
      file_name: command.file_name,
      file_type: 'client_upload',
      file_category: 'application/pdf',
      file_size: command.file_size,
      file_url: command.file_url,
    }),
    ResponseLetterIssued.create({
      round: round.round,
      file_id: command.file_id,
      file_name: command.file_name,
      item_count: round.items.length,
    }),
  ];
}

export const cityReviewDecider: Decider<CityReviewCommand, CityReviewState> = {
  initialState: initialCityReviewState,
  evolve: evolveCityReview,
  decide(command, state, context) {
    if (!state.exists) throw notFound('Project not found');
    if (!isPermitProject(state)) throw notFound(NOT_A_PERMIT_PROJECT);
    switch (command.type) {
      case 'RecordCorrections':
        return recordCorrections(command, state, context);
      case 'AddressCorrection':
        return addressCorrection(command, state, context);
      case 'IssueResponseLetter':
        return issueResponseLetter(command, state, context);
      case 'Resubmit': {
        if (!isRecorder(state, context, command.caller_team_id)) throw forbidden(RECORDERS_ONLY);
        const round = roundOf(state, command.round);
        if (round.resubmitted_at) throw conflict(`Plan check round ${round.round} is already resubmitted`);
        if (round.round !== latestRound(state)?.round)
          throw conflict(`Plan check round ${round.round} is not the latest`);
        if (!round.response_letter) throw conflict(LETTER_FIRST);
        return [ResubmittedToCity.create({ round: round.round })];
      }
      case 'ApprovePermit': {
        if (!isRecorder(state, context, command.caller_team_id)) throw forbidden(RECORDERS_ONLY);
        if (state.stage === 'approved') throw conflict(ALREADY_APPROVED);
        const permit_number = command.permit_number.trim();
        if (!permit_number) throw invalid(PERMIT_NUMBER_REQUIRED);
        if (permit_number.length > PERMIT_NUMBER_MAX)
          throw invalid(`A permit number has at most ${PERMIT_NUMBER_MAX} characters`);
        const latest = latestRound(state);
        if (latest && !latest.resubmitted_at) throw conflict('Mark the current round resubmitted to the city first');
        return [PermitApproved.create({ permit_number, rounds: state.rounds.length })];
      }
    }
  },
};
