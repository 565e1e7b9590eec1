import { generateChecklist } from '../estimator/index.js';
import { httpHandler, signedIn } from '../../../app/http.js';
import { consumeQuota } from '../../../platform/quotas.js';
import { reading } from '../../../platform/views/reader.js';
import { log } from '../../../platform/log.js';
import { issueReceipt } from '../estimate-receipt.js';
import { similarTurnaround } from '../../insights/queries.js';
import { generateChecklistBody, type GenerateChecklistResponse } from '../contracts.js';

/**
 * POST /api/checklists: the wizard's checklist (Bedrock, or the local estimator), nothing stored.
 * Each call is a model invocation in the cloud: counted per account (429 past the quota). The
 * estimator is given the studio's actual turnaround on the latest similar deliveries (insights
 * projection), so its estimate moves toward what the studio really does.
 */
export const handler = httpHandler({ body: generateChecklistBody }, async (request) => {
  const principal = signedIn(request);
  await consumeQuota(reading(), 'checklists', principal.sub);
  const runtime = reading();
  // Without the record (views unreachable), the estimate is still made, from the brief alone.
  const studio = await similarTurnaround(runtime, request.body.project_category, request.body.project_type).catch(
    (error: unknown) => {
      log.warn('Could not read the studio turnaround for the checklist', {
        error: error instanceof Error ? error.message : String(error),
      });
      return null;
    },
  );
  const answer = await generateChecklist(request.body, { studio });
  // The submission records the estimate's source and basis only as this receipt proves them.
  // It names this very checklist (its hash): the same tasks and hours submitted are 'generated'.
  const estimate_receipt = issueReceipt({
    sub: principal.sub,
    category: request.body.project_category,
    type: request.body.project_type,
    source: answer.source,
    basis: answer.estimate_basis,
    checklist: answer.checklist.map((item) => ({ task_name: item.task, estimated_hours: item.estimated_hours })),
  });
  const body: GenerateChecklistResponse = { ...answer, estimate_receipt };
  return { body };
});
