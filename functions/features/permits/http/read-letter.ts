import { httpHandler, signedIn } from '../../../app/http.js';
import { eventReading } from '../../../app/runtime.js';
import { getObjectBytes } from '../../../platform/aws/storage.js';
import { HttpError } from '../../../platform/errors.js';
import { log } from '../../../platform/log.js';
import { consumeQuota } from '../../../platform/quotas.js';
import { reading } from '../../../platform/views/reader.js';
import { projectIdParams } from '../../projects/contracts.js';
import { readLetterBody, type ReadLetterResponse } from '../contracts.js';
import { RECORDERS_ONLY } from '../decider.js';
import { proposeItems } from '../letters/ai-reader.js';
import { extractPdfText } from '../letters/extract-text.js';
import { readableCityReview } from './context.js';

/**
 * POST /api/projects/{id}/city-review/read-letter: the items a correction letter already recorded on
 * the project proposes (Bedrock, or the local stand-in), for the client's side to confirm or edit
 * before 'Save Corrections'. Nothing is stored. An image, a scanned PDF with no text, or an AI failure
 * answers `source: manual` with no items: the person types them. Each reading is counted (429 past
 * the quota), as a model call costs money in the cloud.
 */
export const handler = httpHandler({ params: projectIdParams, body: readLetterBody }, async (request) => {
  const principal = signedIn(request);
  const runtime = eventReading();
  const { state, role } = await readableCityReview(runtime, principal, request.params.id);
  if (!role.can_record) throw new HttpError(403, 'FORBIDDEN', RECORDERS_ONLY);
  const file = state.files[request.body.file_id];
  if (!file || file.deliverable)
    throw new HttpError(404, 'NOT_FOUND', 'The correction letter was not found on this project');
  if (!file.pdf) return { body: { source: 'manual', items: [] } satisfies ReadLetterResponse };
  await consumeQuota(reading(), 'cityReviewAi', principal.sub);
  const bytes = await getObjectBytes(file.file_url);
  if (!bytes) throw new HttpError(404, 'NOT_FOUND', 'The correction letter was not found on this project');
  const text = await extractPdfText(bytes).catch((error: unknown) => {
    log.warn('Could not read the text of a correction letter', {
      error: error instanceof Error ? error.message : String(error),
    });
    return '';
  });
  const body: ReadLetterResponse = await proposeItems(text);
  return { body };
});
