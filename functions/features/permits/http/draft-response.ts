import { httpHandler, signedIn } from '../../../app/http.js';
import { eventReading } from '../../../app/runtime.js';
import { HttpError } from '../../../platform/errors.js';
import { consumeQuota } from '../../../platform/quotas.js';
import { reading } from '../../../platform/views/reader.js';
import { projectIdParams } from '../../projects/contracts.js';
import { draftResponseBody, type DraftResponseResponse } from '../contracts.js';
import { RESPONDERS_ONLY } from '../decider.js';
import { draftResponse } from '../letters/ai-reader.js';
import { readableCityReview } from './context.js';

/**
 * POST /api/projects/{id}/city-review/draft-response: a proposed answer to one item, for the assigned
 * designer or an admin to edit or accept ('Mark Addressed' stores it). Nothing is stored here. Counted
 * per account like a letter reading.
 */
export const handler = httpHandler({ params: projectIdParams, body: draftResponseBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = eventReading();
  const { state, role } = await readableCityReview(runtime, principal, request.params.id);
  if (!role.can_respond) throw new HttpError(403, 'FORBIDDEN', RESPONDERS_ONLY);
  const item = state.rounds
    .find((round) => round.round === request.body.round)
    ?.items.find((candidate) => candidate.item_id === request.body.item_id);
  if (!item) throw new HttpError(404, 'NOT_FOUND', 'Correction item not found');
  await consumeQuota(reading(), 'cityReviewAi', principal.sub);
  const body: DraftResponseResponse = await draftResponse(item);
  return { body };
});
