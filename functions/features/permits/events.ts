import * as z from '../../../events/zod.js';
import { personal, plain } from '../../../events/personal.js';
import { defineEvent, type EventDefinition, type EventOf } from '../../../events/catalogue.js';
import {
  CODE_REFERENCE_MAX,
  COMMENT_MAX,
  ITEMS_PER_ROUND_MAX,
  PERMIT_NUMBER_MAX,
  PROPOSAL_SOURCES,
  RESPONSE_MAX,
  ROUNDS_MAX,
  SHEET_MAX,
} from './contracts.js';

/**
 * The city's review of a permit project, on the project stream (`project-<id>`): beside the project's
 * own events, so one commit holds the corrections and the status they move the project back to, and
 * the project's history tells the permit's story in order. Texts are plain text, stored as written.
 */
const id = () => plain(z.string().check(z.minLength(1), z.maxLength(128)), 'An id the system generated');
const cityText = <S extends z.ZodMiniType>(schema: S, what: string, erased: unknown) =>
  personal(schema, { what, why: "The city's plan check of the client's property, and the studio's answers", erased });
const round = () => z.int().check(z.gte(1), z.lte(ROUNDS_MAX));

const correctionItem = () =>
  z.object({
    item_id: id(),
    number: z.int().check(z.gte(1), z.lte(9999)),
    sheet: plain(z.nullable(z.string().check(z.maxLength(SHEET_MAX))), "A drawing sheet's label (A-2)"),
    code_reference: plain(
      z.nullable(z.string().check(z.maxLength(CODE_REFERENCE_MAX))),
      'A section of a building code',
    ),
    comment: cityText(
      z.string().check(z.minLength(1), z.maxLength(COMMENT_MAX)),
      "A plan checker's comment",
      '[erased]',
    ),
  });

/** The client's side (or an admin) recorded the city's corrections letter: round N opens. */
export const CityCorrectionsReceived = /* @__PURE__ */ defineEvent('CityCorrectionsReceived', () =>
  z.object({
    round: round(),
    letter_file_id: z.nullable(id()),
    items: z.array(correctionItem()).check(z.minLength(1), z.maxLength(ITEMS_PER_ROUND_MAX)),
    /** Who proposed the items: typed by a person, or read from the letter and confirmed by them. */
    source: z.enum(PROPOSAL_SOURCES),
  }),
);

/** The studio (the assigned designer or an admin) answered one item, optionally naming the revised version. */
export const CorrectionAddressed = /* @__PURE__ */ defineEvent('CorrectionAddressed', () =>
  z.object({
    round: round(),
    item_id: id(),
    response: cityText(
      z.string().check(z.minLength(1), z.maxLength(RESPONSE_MAX)),
      "The studio's response to a comment",
      '[erased]',
    ),
    revised_file_id: z.nullable(id()),
    revised_file_name: cityText(z.nullable(z.string().check(z.maxLength(255))), "The revised file's name", null),
  }),
);

/**
 * The response letter of a round was produced and kept as a file of the project (its `FileUploaded` is in the same
 * commit).
 */
export const ResponseLetterIssued = /* @__PURE__ */ defineEvent('ResponseLetterIssued', () =>
  z.object({
    round: round(),
    file_id: id(),
    file_name: plain(z.string().check(z.minLength(1), z.maxLength(255)), 'Named by the product with the round'),
    item_count: z.int().check(z.gte(1)),
  }),
);

/** The client's side resubmitted the revised set to the city. */
export const ResubmittedToCity = /* @__PURE__ */ defineEvent('ResubmittedToCity', () => z.object({ round: round() }));

/** The city issued the permit. */
export const PermitApproved = /* @__PURE__ */ defineEvent('PermitApproved', () =>
  z.object({
    permit_number: cityText(
      z.string().check(z.minLength(1), z.maxLength(PERMIT_NUMBER_MAX)),
      "The city's permit number for the property",
      '[erased]',
    ),
    rounds: z.int().check(z.gte(0)),
  }),
);

export type PermitEvent =
  | EventOf<typeof CityCorrectionsReceived>
  | EventOf<typeof CorrectionAddressed>
  | EventOf<typeof ResponseLetterIssued>
  | EventOf<typeof ResubmittedToCity>
  | EventOf<typeof PermitApproved>;

/** Every city review event (one array, not pushed to: a bundle that never names it drops it). */
export const permitEvents: EventDefinition[] = [
  CityCorrectionsReceived,
  CorrectionAddressed,
  ResponseLetterIssued,
  ResubmittedToCity,
  PermitApproved,
];
