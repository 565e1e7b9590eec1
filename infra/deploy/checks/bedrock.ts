import {
  GetFoundationModelAvailabilityCommand,
  GetFoundationModelCommand,
  GetInferenceProfileCommand,
  type GetFoundationModelAvailabilityCommandOutput,
} from '@aws-sdk/client-bedrock';
import { couldNotCheck, isNamed, type CheckResult } from '../outcome.js';
import type { CheckContext } from '../preflight.js';

/** A cross-region inference profile id: its geography, then the model it routes to. */
const INFERENCE_PROFILE = /^(us|eu|apac|jp|au|ca|us-gov|global)\.(.+)$/;
const CHECK = 'Bedrock model';

const catalog = (region: string) =>
  `https://${region}.console.aws.amazon.com/bedrock/home?region=${region}#/model-catalog`;

export function checkModels(context: CheckContext): Promise<CheckResult[]> {
  return Promise.all(context.needs.modelIds.map((modelId) => checkModel(context, modelId))).then((groups) =>
    groups.flat(),
  );
}

/**
 * Two results: the model (or the inference profile) exists in the region, and this account may use
 * the model behind it. Access is asked even when existence could not be checked.
 */
async function checkModel(context: CheckContext, modelId: string): Promise<CheckResult[]> {
  const { clients, region } = context;
  const profile = INFERENCE_PROFILE.exec(modelId);
  const baseModel = profile ? profile[2]! : modelId;
  const check = `${CHECK} ${modelId}`;
  const choose = [
    `List what this region offers: aws bedrock list-inference-profiles --region ${region} --query ` +
      `"inferenceProfileSummaries[].inferenceProfileId"`,
    `then deploy with -c bedrockModelId=<one of them>, or deploy in a region where ${modelId} exists.`,
  ];

  let exists: CheckResult;
  try {
    if (profile) {
      const found = await clients.bedrock.send(new GetInferenceProfileCommand({ inferenceProfileIdentifier: modelId }));
      exists =
        found.status && found.status !== 'ACTIVE'
          ? { check, outcome: 'missing', detail: `the inference profile is ${found.status} in ${region}.`, fix: choose }
          : { check, outcome: 'ok', detail: `the inference profile exists in ${region}.` };
    } else {
      const { modelDetails } = await clients.bedrock.send(new GetFoundationModelCommand({ modelIdentifier: modelId }));
      exists =
        modelDetails?.inferenceTypesSupported && !modelDetails.inferenceTypesSupported.includes('ON_DEMAND')
          ? {
              check,
              outcome: 'missing',
              detail: `${modelId} cannot be invoked on demand in ${region}, only through an inference profile.`,
              fix: choose,
            }
          : { check, outcome: 'ok', detail: `the model is offered on demand in ${region}.` };
    }
  } catch (error) {
    if (isNamed(error, 'ResourceNotFoundException', 'ValidationException')) {
      return [
        {
          check,
          outcome: 'missing',
          detail: `${profile ? 'no inference profile' : 'no model'} ${modelId} in ${region}.`,
          fix: choose,
        },
      ];
    }
    exists = couldNotCheck(check, error, profile ? 'bedrock:GetInferenceProfile' : 'bedrock:GetFoundationModel');
  }
  if (exists.outcome === 'missing') return [exists];

  const accessCheck = `${CHECK} access ${modelId}`;
  try {
    const availability = await clients.bedrock.send(new GetFoundationModelAvailabilityCommand({ modelId: baseModel }));
    return [exists, access(context, accessCheck, modelId, baseModel, Boolean(profile), availability)];
  } catch (error) {
    return [exists, couldNotCheck(accessCheck, error, 'bedrock:GetFoundationModelAvailability')];
  }
}

/** What GetFoundationModelAvailability says stands between this account and the model. */
function access(
  { region }: CheckContext,
  check: string,
  modelId: string,
  baseModel: string,
  viaProfile: boolean,
  found: GetFoundationModelAvailabilityCommandOutput,
): CheckResult {
  const problems: string[] = [];
  const fix: string[] = [];
  const anthropic = baseModel.startsWith('anthropic.');
  // A profile routes each call to a region of its geography: the model need not run in this one.
  if (found.regionAvailability === 'NOT_AVAILABLE' && !viaProfile) {
    problems.push(`the model is not available in ${region}`);
    fix.push(`Deploy in a region that offers it, or choose another model (-c bedrockModelId=…).`);
  }
  if (found.authorizationStatus === 'NOT_AUTHORIZED') {
    problems.push(
      anthropic
        ? 'the account has not submitted Anthropic’s first-use form'
        : 'the account is not authorized to use the model',
    );
    const request = anthropic
      ? 'an Anthropic model → Submit use case details (once per account, or once for the organization)'
      : 'the model → request access';
    fix.push(`${catalog(region)} → ${request}`);
  }
  const agreement = found.agreementAvailability?.status;
  if (agreement === 'NOT_AVAILABLE' || agreement === 'ERROR' || found.entitlementAvailability === 'NOT_AVAILABLE') {
    problems.push(
      agreement === 'ERROR'
        ? `the Marketplace agreement ` +
            `failed${found.agreementAvailability?.errorMessage ? ` (${found.agreementAvailability.errorMessage})` : ''}`
        : 'the account has no Marketplace subscription to the model yet',
    );
    fix.push(
      `Invoke the model once with credentials that may aws-marketplace:Subscribe, aws-marketplace:Unsubscribe and ` +
        `aws-marketplace:ViewSubscriptions (the functions' roles may not, so their first call would fail):`,
      `  aws bedrock-runtime converse --model-id ${modelId} --region ${region} --messages ` +
        `'[{"role":"user","content":[{"text":"hello"}]}]'`,
      `or open it in the playground: ${catalog(region)}`,
      `(an account without a valid payment method for Marketplace purchases cannot subscribe)`,
    );
  }
  if (problems.length > 0)
    return {
      check,
      outcome: 'missing',
      detail: `${problems.join('; ')}. Until then the checklist falls back to the local estimator.`,
      fix,
    };
  if (agreement === 'PENDING')
    return {
      check,
      outcome: 'note',
      detail: `the Marketplace agreement is pending in ${region}: the first calls may be refused for up to 15 minutes.`,
    };
  return { check, outcome: 'ok', detail: `the account may use ${baseModel} from ${region}.` };
}
