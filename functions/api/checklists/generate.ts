import { generateChecklist } from '../../adapters/checklist/index.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { consumeQuota } from '../../core/quotas.js';
import { getRuntime } from '../../core/runtime.js';
import { generateChecklistBody, type GenerateChecklistResponse } from '../contracts/checklists.js';

/**
 * POST /api/checklists: the wizard's checklist (Bedrock, or the local estimator), nothing stored.
 * Each call is a model invocation in the cloud: counted per account (429 past the quota).
 */
export const handler = httpHandler({ body: generateChecklistBody }, async (request) => {
  const principal = signedIn(request);
  await consumeQuota(getRuntime(), 'checklists', principal.sub);
  const body: GenerateChecklistResponse = await generateChecklist(request.body);
  return { body };
});
