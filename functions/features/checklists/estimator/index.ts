import { askBedrock, bedrockRegion, type BedrockRuntimeClient } from './bedrock.js';
import { reportFallback } from './fallback.js';
import { estimateLocally } from './local-estimator.js';
import { MIN_STUDIO_DELIVERIES, type ChecklistRequest, type ChecklistResult, type StudioFigures } from './schema.js';

export { checklistRequestSchema, checklistAnswerSchema } from './schema.js';
export type { ChecklistRequest, ChecklistRequestInput, ChecklistResult, StudioFigures } from './schema.js';
export { estimateLocally } from './local-estimator.js';

export interface GenerateOptions {
  /** The Bedrock model or inference profile; defaults to env BEDROCK_MODEL_ID. None: the local estimator. */
  modelId?: string | null;
  /** The Bedrock Runtime client; defaults to the function's own (bedrockClient). */
  client?: BedrockRuntimeClient;
  timeoutMs?: number;
  /** The studio's record on similar projects: with enough deliveries, the estimate moves toward it. */
  studio?: StudioFigures | null;
}

/**
 * The checklist for a brief: Amazon Bedrock when a model is configured, else the local estimator;
 * and the local estimator too whenever Bedrock times out, fails or answers with something the schema
 * refuses. The client always gets a checklist, and `source` says which produced it; the operator
 * gets a warning and a `ChecklistFallback` metric that say why and what to fix.
 */
export async function generateChecklist(
  request: ChecklistRequest,
  options: GenerateOptions = {},
): Promise<ChecklistResult> {
  const modelId = options.modelId === undefined ? process.env.BEDROCK_MODEL_ID : options.modelId;
  const studio = options.studio && options.studio.deliveries >= MIN_STUDIO_DELIVERIES ? options.studio : null;
  if (!modelId) return estimateLocally(request, studio);
  try {
    const answer = await askBedrock(request, { modelId, client: options.client, timeoutMs: options.timeoutMs, studio });
    return { ...answer, source: 'bedrock', estimate_basis: studio ? 'studio' : 'generic', studio };
  } catch (error) {
    const region = options.client ? await options.client.config.region().catch(() => 'unknown') : bedrockRegion();
    reportFallback(error, { modelId, region });
    return estimateLocally(request, studio);
  }
}
