import { restJsonError } from './rest-json.js';
import type { Answer } from './server.js';

/**
 * Amazon Bedrock Runtime's Converse operation (restJson: `POST /model/{modelId}/converse`). Shapes
 * from the Converse API reference and the Bedrock user guide's "Troubleshooting API error codes";
 * the messages are the ones the service is documented and reported to return.
 */
export const conversePath = (modelId: string) => `/model/${encodeURIComponent(modelId)}/converse`;

type Content = ({ text: string } | { toolUse: { toolUseId: string; name: string; input: unknown } })[];

/** A Converse response: the assistant's message, why it stopped, token usage and latency. */
export function converseAnswer(
  content: Content,
  stopReason: 'tool_use' | 'end_turn' | 'max_tokens' = 'tool_use',
): Answer {
  return {
    status: 200,
    body: {
      output: { message: { role: 'assistant', content } },
      stopReason,
      usage: { inputTokens: 1843, outputTokens: 412, totalTokens: 2255 },
      metrics: { latencyMs: 4210 },
    },
  };
}

/** The model called the tool (a forced tool choice answers with exactly this block). */
export const toolUseAnswer = (name: string, input: unknown, toolUseId = 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q') =>
  converseAnswer([{ toolUse: { toolUseId, name, input } }], 'tool_use');

const NAMESPACE = 'http://internal.amazon.com/coral/com.amazon.bedrock/';

/** Converse's errors with their documented status codes. */
export const BEDROCK_ERROR_STATUS = {
  AccessDeniedException: 403,
  ResourceNotFoundException: 404,
  ValidationException: 400,
  ThrottlingException: 429,
  ServiceUnavailableException: 503,
  InternalServerException: 500,
  ModelTimeoutException: 408,
  ModelNotReadyException: 429,
  ModelErrorException: 424,
} as const;

export const bedrockError = (type: keyof typeof BEDROCK_ERROR_STATUS, message: string): Answer =>
  restJsonError(BEDROCK_ERROR_STATUS[type], type, message, NAMESPACE);

/** What an account meets on the way to its first model call, each as Bedrock answers it. */
export const BEDROCK_REFUSALS = {
  /** The model was never enabled for the account (or the role may not invoke it). */
  noModelAccess: bedrockError(
    'AccessDeniedException',
    "You don't have access to the model with the specified model ID.",
  ),
  /** A marketplace model's first call, made by a role without the marketplace permissions. */
  marketplaceSubscription: bedrockError(
    'AccessDeniedException',
    'Model access is denied due to IAM user or service role is not authorized to perform the required AWS ' +
      'Marketplace actions (aws-marketplace:ViewSubscriptions, aws-marketplace:Subscribe) to enable access to ' +
      'this model. Refer to the Amazon Bedrock documentation for further details. Your AWS Marketplace ' +
      'subscription for this model cannot be completed at this time. If you recently fixed this issue, try again ' +
      'after 15 minutes.',
  ),
  /** An Anthropic model before the account submitted the first-use form (FTUFormNotFilled, 404). */
  useCaseFormMissing: bedrockError(
    'ResourceNotFoundException',
    'Model use case details have not been submitted for this account. Fill out the Anthropic use case details form ' +
      'before using the model. If you have already filled out the form, try again in 15 minutes.',
  ),
  /** A base model id that the region serves only through an inference profile. */
  onDemandUnsupported: (modelId: string) =>
    bedrockError(
      'ValidationException',
      `Invocation of model ID ${modelId} with on-demand throughput isn’t supported. Retry your request with the ID ` +
        `or ARN of an inference profile that contains this model.`,
    ),
  /** A model id (or an inference profile of another geography) the region does not know. */
  invalidModel: bedrockError('ValidationException', 'The provided model identifier is invalid.'),
  throttled: bedrockError('ThrottlingException', 'Too many requests, please wait before trying again.'),
  internal: bedrockError(
    'InternalServerException',
    'The server encountered an internal error while processing the request.',
  ),
} as const;
