import * as z from '../../../events/zod.js';

/**
 * City review of a permit project: the HTTP shapes the SPA and the API share. The city's plan checker
 * answers a permit set with a corrections letter (numbered comments, each about a sheet); the studio
 * answers each comment, issues a response letter, the client resubmits, and this repeats until the
 * city issues the permit. One round is one corrections letter.
 */

/** Limits (a 429 beyond the counts, a 400 beyond the lengths; nothing appended either way). */
export const ITEMS_PER_ROUND_MAX = 200;
export const ROUNDS_MAX = 20;
export const COMMENT_MAX = 2000;
export const RESPONSE_MAX = 4000;
export const SHEET_MAX = 40;
export const CODE_REFERENCE_MAX = 200;
export const PERMIT_NUMBER_MAX = 60;
/** A round's comments together: one commit is one DynamoDB item (400 KB), with room for the envelope. */
export const ROUND_TEXT_MAX = 150_000;
/** The letter's text read for the AI step (a long letter is cut here; the client adds what is missing). */
export const LETTER_TEXT_MAX = 60_000;

/** Where the city's review of a permit project stands (the badge on the card and in the dialog). */
export const CITY_STAGES = ['none', 'corrections', 'resubmitted', 'approved'] as const;
export type CityStage = (typeof CITY_STAGES)[number];

/** What the project's card and dialog show of the city's review, folded into the project's document. */
export interface CityReviewSummary {
  stage: CityStage;
  /** The latest round (0 before the first corrections). */
  round: number;
  /** Items of the latest round not yet addressed. */
  open_items: number;
  permit_number: string | null;
  /** The open items' ids (kept so that an item answered twice counts once). */
  open_ids: string[];
}

export const noCityReview = (): CityReviewSummary => ({
  stage: 'none',
  round: 0,
  open_items: 0,
  permit_number: null,
  open_ids: [],
});

const id = () => z.string().check(z.minLength(1), z.maxLength(128));
const ulid = (message: string) => z.string().check(z.regex(/^[0-9A-HJKMNP-TV-Z]{26}$/, message));
const trimmedText = (label: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${label} is required`),
      z.maxLength(max, `${label} has at most ${max.toLocaleString('en-US')} characters`),
    );
const optionalText = (label: string, max: number) =>
  z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} has at most ${max} characters`))));

export const correctionItemInput = () =>
  z.strictObject({
    comment: trimmedText('A comment', COMMENT_MAX),
    sheet: optionalText('A sheet', SHEET_MAX),
    code_reference: optionalText('A code reference', CODE_REFERENCE_MAX),
    /** The letter's own number for the item; the product numbers items 1, 2, … when absent. */
    number: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(9999)))),
  });

/** How the items were proposed: typed by a person, or read from the letter (Bedrock, or the local reader). */
export const PROPOSAL_SOURCES = ['manual', 'local', 'bedrock'] as const;
export type ProposalSource = (typeof PROPOSAL_SOURCES)[number];

/** POST /api/projects/{id}/city-review: one action per request. */
export const cityReviewActionBody = /* @__PURE__ */ (() =>
  z.discriminatedUnion('action', [
    z.strictObject({
      action: z.literal('record_corrections'),
      letter_file_id: z.optional(z.nullable(ulid('Unknown letter file'))),
      items: z
        .array(correctionItemInput())
        .check(
          z.minLength(1, 'Add at least one comment'),
          z.maxLength(ITEMS_PER_ROUND_MAX + 1, `A round holds at most ${ITEMS_PER_ROUND_MAX} items`),
        ),
      source: z.optional(z.enum(PROPOSAL_SOURCES)),
    }),
    z.strictObject({
      action: z.literal('address'),
      round: z.int().check(z.gte(1), z.lte(ROUNDS_MAX)),
      item_id: id(),
      response: trimmedText('A response', RESPONSE_MAX),
      revised_file_id: z.optional(z.nullable(ulid('Unknown revised version'))),
    }),
    z.strictObject({ action: z.literal('resubmit'), round: z.int().check(z.gte(1), z.lte(ROUNDS_MAX)) }),
    z.strictObject({ action: z.literal('approve'), permit_number: trimmedText('A permit number', PERMIT_NUMBER_MAX) }),
  ]))();
export type CityReviewActionBody = z.input<typeof cityReviewActionBody>;

export interface CityReviewActionResponse {
  events: string[];
  round?: number;
  summary: CityReviewSummary;
}

/** POST /api/projects/{id}/city-review/letter: the response letter of a round, as a project file. */
export const responseLetterBody = /* @__PURE__ */ (() =>
  z.strictObject({ round: z.int().check(z.gte(1), z.lte(ROUNDS_MAX)) }))();
export interface ResponseLetterResponse {
  events: string[];
  file_id: string;
  file_name: string;
}

/**
 * POST /api/projects/{id}/city-review/read-letter: proposed items from a recorded correction letter (nothing stored).
 */
export const readLetterBody = /* @__PURE__ */ (() => z.strictObject({ file_id: ulid('Unknown letter file') }))();
export interface ProposedItem {
  number: number;
  sheet: string | null;
  code_reference: string | null;
  comment: string;
}
export interface ReadLetterResponse {
  /** 'manual': nothing could be read (an image, a scan, or the AI step failed): the person types the items. */
  source: ProposalSource;
  items: ProposedItem[];
}

/** POST /api/projects/{id}/city-review/draft-response: a proposed answer to one item (nothing stored). */
export const draftResponseBody = /* @__PURE__ */ (() =>
  z.strictObject({ round: z.int().check(z.gte(1), z.lte(ROUNDS_MAX)), item_id: id() }))();
export interface DraftResponseResponse {
  source: ProposalSource;
  response: string;
}

/** GET /api/projects/{id}/city-review?round=N (the latest round by default). */
export const cityReviewQuery = /* @__PURE__ */ (() =>
  z.object({ round: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(ROUNDS_MAX))) }))();

export interface CorrectionItemView {
  item_id: string;
  number: number;
  sheet: string | null;
  code_reference: string | null;
  comment: string;
  addressed: boolean;
  response: string | null;
  revised_file_id: string | null;
  revised_file_name: string | null;
  addressed_at: string | null;
}

export interface RoundHeader {
  round: number;
  received_at: string;
  item_count: number;
  open_items: number;
  letter_file_id: string | null;
  response_letter: { file_id: string; file_name: string; at: string } | null;
  resubmitted_at: string | null;
}

export interface CityReviewResponse {
  summary: CityReviewSummary;
  rounds: RoundHeader[];
  /** The round shown (the latest unless asked), with its items in the letter's order; null before the first. */
  round: (RoundHeader & { items: CorrectionItemView[] }) | null;
  permit_number: string | null;
  approved_at: string | null;
  /** The client, their team, or an admin: record the city's corrections and outcomes. */
  can_record: boolean;
  /** The assigned designer, or an admin: answer the items and issue the response letter. */
  can_respond: boolean;
}
