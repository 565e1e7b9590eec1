import * as z from '../../../events/zod.js';
import { PROJECT_CATEGORIES } from '../../../shared/vocabulary.js';

export type { InsightsReport, EstimateAccuracy, EstimateRow, Spread, TurnaroundRow } from './report.js';
export type { ClientReviewFigures } from './client-review.js';

/** The default range: the last 30 days. */
export const DEFAULT_RANGE_DAYS = 30;
/** A range longer than this reads too much at once (and says little week by week). */
export const MAX_RANGE_DAYS = 731;

const blankIsNone = <T extends z.ZodMiniType>(schema: T) =>
  z.pipe(z.transform((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value)), z.optional(schema));

/** Nothing happened before it; a range reads every month from its start on, so a start in year 0 would read 24,000. */
export const EARLIEST_DAY = '2020-01-01';

const day = /* @__PURE__ */ (() => z.iso.date({ message: 'Use a date like 2026-11-01' }).check(z.refine((value) => value >= EARLIEST_DAY, { message: `Choose dates from ${EARLIEST_DAY} on` })))();

/**
 * GET /api/insights?from=&to=&category=&type=&designer= (admin): `from` and `to` are days (UTC,
 * inclusive); the rest narrow the projects counted.
 */
export const insightsQuery = /* @__PURE__ */ (() => z.strictObject({
    from: blankIsNone(day),
    to: blankIsNone(day),
    category: blankIsNone(z.enum(PROJECT_CATEGORIES, { message: 'Category must be Design or Permit' })),
    type: blankIsNone(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
    designer: blankIsNone(z.string().check(z.trim(), z.minLength(1), z.maxLength(320))),
  }).check(z.refine((query) => !query.from || !query.to || query.from <= query.to, { message: 'The start date must not be after the end date', path: ['from'] }), z.refine((query) => !query.from || !query.to || Date.parse(query.to) - Date.parse(query.from) <= MAX_RANGE_DAYS * 86_400_000, {
    message: `Choose a range of at most ${MAX_RANGE_DAYS} days`,
    path: ['to'],
  })))();
export type InsightsQuery = z.input<typeof insightsQuery>;
