import { generateChecklist } from '../../adapters/checklist/index.js';
import { httpHandler, signedIn } from '../../http/middleware.js';
import { generateChecklistBody, type GenerateChecklistResponse } from '../contracts/checklists.js';

/** POST /api/checklists: the wizard's checklist (Bedrock, or the local estimator), nothing stored. */
export const handler = httpHandler({ body: generateChecklistBody }, async (request) => {
  signedIn(request);
  const body: GenerateChecklistResponse = await generateChecklist(request.body);
  return { body };
});
