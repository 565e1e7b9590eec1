import * as z from '../../../events/zod.js';
import { defineEvent, type EventDefinition, type EventOf } from '../../../events/catalogue.js';
import { CODE_REFERENCE_MAX, COMMENT_MAX, ITEMS_PER_ROUND_MAX, PERMIT_NUMBER_MAX, PROPOSAL_SOURCES, RESPONSE_MAX, ROUNDS_MAX, SHEET_MAX } from './contracts.js';

/**
 * The city's review of a permit project, on the project stream (`project-<id>`): beside the project's
 * own events, so one commit holds the corrections and the status they move the project back to, and
 * the project's history tells the permit's story in order. Texts are plain text, stored as written.
 */
const id = () => z.string().check(z.minLength(1), z.maxLength(128));
const round = () => z.int().check(z.gte(1), z.lte(ROUNDS_MAX));

const correctionItem = () => z.object({
  item_id: id(),
  number: z.int().check(z.gte(1), z.lte(9999)),
  sheet: z.nullable(z.string().check(z.maxLength(SHEET_MAX))),
  code_reference: z.nullable(z.string().check(z.maxLength(CODE_REFERENCE_MAX))),
  comment: z.string().check(z.minLength(1), z.maxLength(COMMENT_MAX)),
});

/** The client's side (or an admin) recorded the city's corrections letter: round N opens. */
export const CityCorrectionsReceived = /* @__PURE__ */ defineEvent(
  'CityCorrectionsReceived',
  () => z.object({
    round: round(),
    letter_file_id: z.nullable(id()),
    items: z.array(correctionItem()).check(z.minLength(1), z.maxLength(ITEMS_PER_ROUND_MAX)),
    /** Who proposed the items: typed by a person, or read from the letter and confirmed by them. */
    source: z.enum(PROPOSAL_SOURCES),
  }),
);

/** The studio (the assigned designer or an admin) answered one item, optionally naming the revised version. */
export const CorrectionAddressed = /* @__PURE__ */ defineEvent(
  'CorrectionAddressed',
  () => z.object({
    round: round(),
    item_id: id(),
    response: z.string().check(z.minLength(1), z.maxLength(RESPONSE_MAX)),
    revised_file_id: z.nullable(id()),
    revised_file_name: z.nullable(z.string().check(z.maxLength(255))),
  }),
);

/** The response letter of a round was produced and kept as a file of the project (its `FileUploaded` is in the same commit). */
export const ResponseLetterIssued = /* @__PURE__ */ defineEvent(
  'ResponseLetterIssued',
  () => z.object({ round: round(), file_id: id(), file_name: z.string().check(z.minLength(1), z.maxLength(255)), item_count: z.int().check(z.gte(1)) }),
);

/** The client's side resubmitted the revised set to the city. */
export const ResubmittedToCity = /* @__PURE__ */ defineEvent('ResubmittedToCity', () => z.object({ round: round() }));

/** The city issued the permit. */
export const PermitApproved = /* @__PURE__ */ defineEvent(
  'PermitApproved',
  () => z.object({ permit_number: z.string().check(z.minLength(1), z.maxLength(PERMIT_NUMBER_MAX)), rounds: z.int().check(z.gte(0)) }),
);

export type PermitEvent =
  | EventOf<typeof CityCorrectionsReceived>
  | EventOf<typeof CorrectionAddressed>
  | EventOf<typeof ResponseLetterIssued>
  | EventOf<typeof ResubmittedToCity>
  | EventOf<typeof PermitApproved>;

/** Every city review event (one array, not pushed to: a bundle that never names it drops it). */
export const permitEvents: EventDefinition[] = [CityCorrectionsReceived, CorrectionAddressed, ResponseLetterIssued, ResubmittedToCity, PermitApproved];
