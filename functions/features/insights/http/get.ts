import { httpHandler } from '../../../app/http.js';
import { insightsReport } from '../queries.js';
import { reading } from '../../../platform/views/reader.js';
import { HttpError } from '../../../platform/errors.js';
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, insightsQuery } from '../contracts.js';
import type { InsightsReport } from '../contracts.js';

const DAY_MS = 86_400_000;

/**
 * GET /api/insights: the studio's figures for a range of days (the last 30 by default), from the insights projection.
 */
export const handler = httpHandler({ query: insightsQuery }, async (request) => {
  const runtime = reading();
  const now = runtime.now();
  const to = request.query.to ?? now.toISOString().slice(0, 10);
  const from =
    request.query.from ?? new Date(Date.parse(to) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  // Checked again with the defaults filled in (a lone `from` after today, or years before it).
  if (from > to) throw new HttpError(400, 'INVALID_INPUT', 'The start date must not be after the end date');
  if (Date.parse(to) - Date.parse(from) > MAX_RANGE_DAYS * DAY_MS)
    throw new HttpError(400, 'INVALID_INPUT', `Choose a range of at most ${MAX_RANGE_DAYS} days`);
  const body: InsightsReport = await insightsReport(runtime, {
    from: `${from}T00:00:00.000Z`,
    to: `${to}T23:59:59.999Z`,
    now: now.toISOString(),
    category: request.query.category,
    type: request.query.type,
    designer: request.query.designer,
  });
  return { body };
});
