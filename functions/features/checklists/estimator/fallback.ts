import type { MetricUnit } from '@aws-lambda-powertools/metrics/types';
import { log } from '../../../platform/log.js';
import { metrics } from '../../../platform/observability/metrics.js';
import { CHECKLIST_FALLBACK_REASON_DIMENSION, METRIC_UNITS, MetricNames } from '#shared/metrics.js';
import { CHECKLIST_TOOL_NAME } from './prompt.js';

/**
 * Why the checklist came from the local estimator instead of Bedrock, and what the operator does
 * about it. The client still gets a checklist, so without this nothing tells anyone that a fresh
 * account never enabled the model, that the region serves it only through an inference profile, or
 * that the first-use form is missing: the route would answer `source: local` forever.
 */
export type FallbackReason =
  | 'access_denied'
  | 'model_not_in_region'
  | 'subscription_required'
  | 'throttled'
  | 'timeout'
  | 'invalid_answer'
  | 'other';

export interface FallbackDiagnosis {
  reason: FallbackReason;
  /** The operator's next step, with the console page or command. */
  fix: string;
}

/** The geographies of Bedrock's cross-region inference profiles, by the region's prefix. */
const GEOGRAPHIES: readonly [RegExp, string][] = [
  [/^us-gov-/, 'us-gov'],
  [/^us-/, 'us'],
  [/^eu-/, 'eu'],
  [/^ap-/, 'apac'],
];
/** The prefix an inference profile's id carries before the model id. */
const PROFILE_PREFIX = /^(us-gov|us|eu|apac|jp|au|ca|global)\./;

/** The region's geography prefix (`us`, `eu`, `apac`), or undefined where Bedrock has no cross-region profile. */
const geographyOf = (region: string): string | undefined => GEOGRAPHIES.find(([pattern]) => pattern.test(region))?.[1];

/**
 * The inference profile that serves `modelId` to callers in `region` (undefined for an ARN, or a region without one).
 */
export function inferenceProfileFor(modelId: string, region: string): string | undefined {
  if (modelId.startsWith('arn:')) return undefined;
  const geography = geographyOf(region);
  return geography ? `${geography}.${modelId.replace(PROFILE_PREFIX, '')}` : undefined;
}

interface ServiceError {
  name?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number };
}

const THROTTLED = new Set([
  'ThrottlingException',
  'ServiceQuotaExceededException',
  'ServiceUnavailableException',
  'ModelNotReadyException',
  'TooManyRequestsException',
]);
const TIMED_OUT = new Set(['TimeoutError', 'ModelTimeoutException', 'AbortError']);

/** The SDK's error behind a checklist failure (askBedrock wraps it as the cause). */
const serviceErrorOf = (error: unknown): ServiceError => {
  const cause = (error as { cause?: unknown } | undefined)?.cause;
  return (cause && typeof cause === 'object' ? cause : (error ?? {})) as ServiceError;
};

/**
 * Sorts a failure into the causes an operator can act on. `failure` is askBedrock's
 * BedrockChecklistError (its `reason` and the SDK error as its `cause`), or anything else thrown.
 * Read by name and status only: this module imports no SDK client (capabilities.ts allows one
 * module per service to).
 */
export function diagnoseFallback(failure: unknown, modelId: string, region: string): FallbackDiagnosis {
  const stage = (failure as { reason?: string } | undefined)?.reason;
  const profile = inferenceProfileFor(modelId, region);
  const useProfile =
    profile && profile !== modelId
      ? `set BEDROCK_MODEL_ID to the inference profile ${profile}`
      : `choose a model or inference profile that \`aws bedrock list-inference-profiles --region ${region}\` lists`;
  if (stage === 'timeout') {
    return {
      reason: 'timeout',
      fix:
        `Bedrock did not answer in time from ${region}: if it repeats, check the model's latency in CloudWatch ` +
        `(AWS/Bedrock InvocationLatency) or use a faster model; ${useProfile} to spread load across the ` +
        `geography's regions`,
    };
  }
  if (stage === 'no_tool_use' || stage === 'invalid_answer') {
    return {
      reason: 'invalid_answer',
      fix:
        `The model answered without a valid ${CHECKLIST_TOOL_NAME} tool call: use a model that supports Converse ` +
        `tool use with a forced tool choice (Anthropic Claude 3 or later, Amazon Nova)`,
    };
  }
  const error = serviceErrorOf(failure);
  const name = error.name ?? '';
  const message = error.message ?? '';
  const status = error.$metadata?.httpStatusCode;
  if (/use case details|use-case form|first[- ]time use/i.test(message)) {
    return {
      reason: 'subscription_required',
      fix:
        `Submit the Anthropic use case details form once for the account (Bedrock console in ${region} → Model ` +
        `catalog → the model → Submit use case details); calls succeed about 15 minutes later`,
    };
  }
  if (/marketplace|subscription/i.test(message)) {
    return {
      reason: 'subscription_required',
      fix:
        `The model is sold through AWS Marketplace and the account is not subscribed: an administrator opens it ` +
        `once in the Bedrock console in ${region} (Model catalog → the model → Open in playground, which ` +
        `subscribes the account), or runs \`aws bedrock create-foundation-model-agreement\`; allow up to 15 ` +
        `minutes`,
    };
  }
  if (name === 'AccessDeniedException' || status === 403) {
    return {
      reason: 'access_denied',
      fix:
        `Request model access for ${modelId} in the Bedrock console in ${region} (Model access), and check that ` +
        `the checklist function's role may call bedrock:InvokeModel on it (for an inference profile: on the ` +
        `profile and on the model in every region the profile routes to)`,
    };
  }
  if (/on-demand throughput/i.test(message)) {
    return {
      reason: 'model_not_in_region',
      fix: `${region} serves this model only through an inference profile: ${useProfile}`,
    };
  }
  if (
    name === 'ResourceNotFoundException' ||
    status === 404 ||
    /model identifier is invalid|model not found|not supported in this region/i.test(message)
  ) {
    const mismatch = PROFILE_PREFIX.exec(modelId)?.[1];
    const why =
      mismatch && mismatch !== 'global' && mismatch !== geographyOf(region)
        ? `the ${mismatch}. inference profile cannot be called from ${region}`
        : `${region} does not offer ${modelId}`;
    return {
      reason: 'model_not_in_region',
      fix: `${why}: ${useProfile} (see \`aws bedrock list-foundation-models --region ${region}\`)`,
    };
  }
  if (THROTTLED.has(name) || status === 429) {
    return {
      reason: 'throttled',
      fix:
        `Bedrock throttled the call through the SDK's retries: raise the model's on-demand requests and tokens ` +
        `per minute in Service Quotas (Amazon Bedrock, ${region}; a new account may start near zero), ` +
        `or ${useProfile}`,
    };
  }
  if (TIMED_OUT.has(name))
    return {
      reason: 'timeout',
      fix: `Bedrock did not answer in time from ${region}: if it repeats, use a faster model, or ${useProfile}`,
    };
  return {
    reason: 'other',
    fix:
      'See the error: a 5xx that persists is on Bedrock’s side (AWS Health Dashboard); anything else is a request ' +
      'the model refused',
  };
}

/**
 * One structured warning and one `ChecklistFallback` data point. The data point is published at
 * once (Powertools' single metric) with two dimension sets, so an alarm on the `service` dimension
 * alone catches every cause and a graph by `reason` tells them apart.
 */
export function reportFallback(
  failure: unknown,
  context: { modelId: string; region: string; step?: string; instead?: string },
): FallbackDiagnosis {
  const diagnosis = diagnoseFallback(failure, context.modelId, context.region);
  const error = serviceErrorOf(failure);
  // Other AI steps (a correction letter's reading) fail over the same way and are counted alike.
  log.warn(`Bedrock ${context.step ?? 'checklist'} failed; ${context.instead ?? 'the local estimator answered'}`, {
    reason: diagnosis.reason,
    modelId: context.modelId,
    region: context.region,
    fix: diagnosis.fix,
    error: failure instanceof Error ? failure.message : String(failure),
    ...(error.name && error !== failure ? { errorName: error.name } : {}),
    ...(error.$metadata?.httpStatusCode ? { status: error.$metadata.httpStatusCode } : {}),
  });
  try {
    const point = metrics.singleMetric();
    point.addDimensions({});
    point.addDimensions({ [CHECKLIST_FALLBACK_REASON_DIMENSION]: diagnosis.reason });
    point.addMetric(MetricNames.ChecklistFallback, METRIC_UNITS.ChecklistFallback as MetricUnit, 1);
  } catch (error) {
    // The client's checklist matters more than the count: a metric that cannot be made is logged, not thrown.
    log.error('Could not record the ChecklistFallback metric', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  return diagnosis;
}
