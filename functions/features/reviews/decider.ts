import type { NewEvent } from '../../../events/envelope.js';
import type { Decider, DecisionContext } from '../../platform/decider.js';
import { conflict, forbidden, invalid, limitReached, notFound } from '../../platform/domain-errors.js';
import { ProjectStatusChanged } from '../projects/events.js';
import { PAGES_MAX } from '../../../shared/uploads.js';
import {
  NOTE_TEXT_MAX,
  NOTES_PER_PROJECT_MAX,
  NOTES_PER_VERSION_MAX,
  REPLIES_PER_NOTE_MAX,
  REPLIES_PER_PROJECT_MAX,
  SUMMARY_MAX,
} from './contracts.js';
import {
  ChangesRequested,
  DeliverableApproved,
  ReviewNotePinned,
  ReviewNoteReplied,
  ReviewNoteResolved,
} from './events.js';
import {
  currentVersion,
  initialReviewState,
  evolveReview,
  openNotesOn,
  type DeliverableState,
  type ReviewState,
} from './state.js';
import { onClientSide, onStudioSide, partyOfContext } from '../projects/state.js';

export type { ReviewState } from './state.js';

/**
 * The review's commands. `caller_team_id` is the caller's team as the users projection knows it
 * (the handler reads it): membership of the client's team is what lets a colleague review.
 */
export type ReviewCommand =
  | {
      type: 'PinNote';
      note_id: string;
      deliverable_id: string;
      version: number;
      page: number;
      x: number;
      y: number;
      text: string;
      caller_team_id: string | null;
    }
  | { type: 'ResolveNote'; note_id: string }
  | { type: 'ReplyToNote'; note_id: string; reply_id: string; text: string }
  | { type: 'Approve'; deliverable_id: string; version: number; caller_team_id: string | null }
  | {
      type: 'RequestChanges';
      deliverable_id: string;
      version: number;
      summary: string | null;
      caller_team_id: string | null;
    };

export const REVIEWERS_ONLY = "Only the project's client and their team review deliverables";
export const RESPONDERS_ONLY = 'Only admins and the assigned designer resolve notes';
export const REPLIERS_ONLY = 'Only admins and the assigned designer reply to notes';
const NOTE_REPLIES_LIMIT = `A note holds at most ${REPLIES_PER_NOTE_MAX} replies`;
export const TOO_MANY_REPLIES = `${NOTE_REPLIES_LIMIT}: resolve it, or answer in a new version`;
export const NOTE_OR_SUMMARY = 'Pin at least one note or write a summary of the changes';
export const TOO_MANY_NOTES =
  `A version holds at most ${NOTES_PER_VERSION_MAX} notes: resolve or combine notes, or ` +
  `ask for a new version first`;
export const TOO_MANY_PROJECT_NOTES =
  `A project holds at most ${NOTES_PER_PROJECT_MAX} notes across its versions: ` +
  `combine notes or write a summary of the changes instead`;
const PROJECT_REPLIES_LIMIT = `A project holds at most ${REPLIES_PER_PROJECT_MAX} replies to notes`;
export const TOO_MANY_PROJECT_REPLIES = `${PROJECT_REPLIES_LIMIT}: answer in a new version instead`;
/** The page a note names must be one of the version's (`pages`: its count, as recorded). */
export const noSuchPage = (page: number, pages: number) =>
  `Page ${page} does not exist: this version has ${pages} page${pages === 1 ? '' : 's'}`;

/** The project's client, or a member of the client's team. */
export const isReviewer = (
  state: Pick<ReviewState, 'user_id' | 'team_id'>,
  context: DecisionContext,
  callerTeamId: string | null,
): boolean => onClientSide(state, partyOfContext(context, callerTeamId));

/** An admin, or the designer the project is assigned to (by id, or by the e-mail they proved). */
export const isResponder = (
  state: Pick<ReviewState, 'assigned_designer_id' | 'assigned_designer_email'>,
  context: DecisionContext,
): boolean => onStudioSide(state, partyOfContext(context));

function deliverableOf(state: ReviewState, id: string): DeliverableState {
  const deliverable = state.deliverables.find((candidate) => candidate.deliverable_id === id);
  if (!deliverable) throw notFound('Deliverable not found');
  return deliverable;
}

/** A decision is taken once, on the current version. */
function decidable(deliverable: DeliverableState, version: number): void {
  const current = currentVersion(deliverable);
  if (!deliverable.versions.some((known) => known.version === version)) throw notFound(`Version v${version} not found`);
  if (version !== current) throw conflict(`Only the current version (v${current}) can be approved or sent back`);
  const taken = deliverable.decisions.find((decision) => decision.version === version);
  if (taken)
    throw conflict(
      taken.decision === 'approved'
        ? `v${version} is already approved`
        : `Changes were already requested on v${version}`,
    );
}

function pinNote(
  command: Extract<ReviewCommand, { type: 'PinNote' }>,
  state: ReviewState,
  context: DecisionContext,
): NewEvent[] {
  if (!isReviewer(state, context, command.caller_team_id)) throw forbidden(REVIEWERS_ONLY);
  const deliverable = deliverableOf(state, command.deliverable_id);
  const pinnedOn = deliverable.versions.find((known) => known.version === command.version);
  if (!pinnedOn) throw notFound(`Version v${command.version} not found`);
  if (!Number.isInteger(command.page) || command.page < 1) throw invalid('Pages are numbered from 1');
  // A version recorded before pages were counted (or whose pages could not be) is bounded by PAGES_MAX.
  const pages = pinnedOn.page_count ?? PAGES_MAX;
  if (command.page > pages) throw invalid(noSuchPage(command.page, pages));
  if (!(command.x >= 0 && command.x <= 1 && command.y >= 0 && command.y <= 1))
    throw invalid('A note is pinned inside the page');
  const text = command.text.trim();
  if (!text) throw invalid('Write a note first');
  if (text.length > NOTE_TEXT_MAX) throw invalid(`A note has at most ${NOTE_TEXT_MAX} characters`);
  if (state.notes.some((note) => note.note_id === command.note_id)) return [];
  const onVersion = state.notes.filter(
    (note) => note.deliverable_id === deliverable.deliverable_id && note.version === command.version,
  ).length;
  if (onVersion >= NOTES_PER_VERSION_MAX) throw limitReached(TOO_MANY_NOTES);
  if (state.notes.length >= NOTES_PER_PROJECT_MAX) throw limitReached(TOO_MANY_PROJECT_NOTES);
  const { note_id, deliverable_id, version, page, x, y } = command;
  return [ReviewNotePinned.create({ note_id, deliverable_id, version, page, x, y, text })];
}

function replyToNote(
  command: Extract<ReviewCommand, { type: 'ReplyToNote' }>,
  state: ReviewState,
  context: DecisionContext,
): NewEvent[] {
  if (!isResponder(state, context)) throw forbidden(REPLIERS_ONLY);
  const note = state.notes.find((candidate) => candidate.note_id === command.note_id);
  if (!note) throw notFound('Note not found');
  const text = command.text.trim();
  if (!text) throw invalid('Write a reply first');
  if (text.length > NOTE_TEXT_MAX) throw invalid(`A reply has at most ${NOTE_TEXT_MAX} characters`);
  const replies = note.replies ?? [];
  if (replies.some((reply) => reply.reply_id === command.reply_id)) return [];
  if (replies.length >= REPLIES_PER_NOTE_MAX) throw limitReached(TOO_MANY_REPLIES);
  const onProject = state.notes.reduce((count, known) => count + (known.replies?.length ?? 0), 0);
  if (onProject >= REPLIES_PER_PROJECT_MAX) throw limitReached(TOO_MANY_PROJECT_REPLIES);
  return [ReviewNoteReplied.create({ note_id: note.note_id, reply_id: command.reply_id, text })];
}

function requestChanges(
  command: Extract<ReviewCommand, { type: 'RequestChanges' }>,
  state: ReviewState,
  context: DecisionContext,
): NewEvent[] {
  if (!isReviewer(state, context, command.caller_team_id)) throw forbidden(REVIEWERS_ONLY);
  const deliverable = deliverableOf(state, command.deliverable_id);
  decidable(deliverable, command.version);
  const summary = command.summary?.trim() || null;
  if (summary && summary.length > SUMMARY_MAX) throw invalid(`A summary has at most ${SUMMARY_MAX} characters`);
  const noteCount = openNotesOn(state, deliverable.deliverable_id, command.version).length;
  if (noteCount === 0 && !summary) throw invalid(NOTE_OR_SUMMARY);
  // A request while another deliverable's is still unanswered joins its round: one round is one
  // pass of the client over the work, however many files it covers.
  const open = state.deliverables.some((candidate) => candidate.status === 'changes_requested');
  const round = open && state.revision_round > 0 ? state.revision_round : state.revision_round + 1;
  const events: NewEvent[] = [
    ChangesRequested.create({
      deliverable_id: deliverable.deliverable_id,
      version: command.version,
      round,
      note_count: noteCount,
      summary,
    }),
  ];
  // The spec's four statuses stay: a request for changes is work again.
  if (state.status !== 'in_progress')
    events.push(ProjectStatusChanged.create({ from: state.status, to: 'in_progress' }));
  return events;
}

export const reviewDecider: Decider<ReviewCommand, ReviewState> = {
  initialState: initialReviewState,
  evolve: evolveReview,
  decide(command, state, context) {
    if (!state.exists) throw notFound('Project not found');
    switch (command.type) {
      case 'PinNote':
        return pinNote(command, state, context);
      case 'ResolveNote': {
        if (!isResponder(state, context)) throw forbidden(RESPONDERS_ONLY);
        const note = state.notes.find((candidate) => candidate.note_id === command.note_id);
        if (!note) throw notFound('Note not found');
        if (note.resolved) throw conflict('This note is already resolved');
        return [ReviewNoteResolved.create({ note_id: note.note_id })];
      }
      case 'ReplyToNote':
        return replyToNote(command, state, context);
      case 'Approve': {
        if (!isReviewer(state, context, command.caller_team_id)) throw forbidden(REVIEWERS_ONLY);
        const deliverable = deliverableOf(state, command.deliverable_id);
        decidable(deliverable, command.version);
        return [DeliverableApproved.create({ deliverable_id: deliverable.deliverable_id, version: command.version })];
      }
      case 'RequestChanges':
        return requestChanges(command, state, context);
    }
  },
};
