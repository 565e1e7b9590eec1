import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandOutput,
  type Tool,
} from '@aws-sdk/client-bedrock-runtime';
import { totalHours, turnaroundDays } from '#shared/turnaround.js';
import { http2RequestHandlerOptions, SLOW_SERVICE_SILENCE_MS } from '../../../platform/aws/sdk-config.js';
import { captureAwsClient } from '../../../platform/observability/tracing.js';
import { CHECKLIST_TOOL_NAME, SYSTEM_PROMPT, buildBrief } from './prompt.js';
import {
  checklistAnswerJsonSchema,
  checklistAnswerSchema,
  type ChecklistRequest,
  type ChecklistResult,
  type StudioFigures,
} from './schema.js';

/** What the model answers: the checklist, before it is labelled with its source and basis. */
export type ChecklistAnswerResult = Omit<ChecklistResult, 'source' | 'estimate_basis' | 'studio'>;

export { BedrockRuntimeClient, ConverseCommand };

export const DEFAULT_TIMEOUT_MS = 20_000;

export type BedrockFailureReason = 'timeout' | 'error' | 'no_tool_use' | 'invalid_answer';

export class BedrockChecklistError extends Error {
  constructor(
    readonly reason: BedrockFailureReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'BedrockChecklistError';
  }
}

/**
 * The region the checklist calls Bedrock in: BEDROCK_REGION when the model lives elsewhere, else the function's own.
 */
export const bedrockRegion = (): string => process.env.BEDROCK_REGION ?? process.env.AWS_REGION ?? 'us-east-1';

/**
 * The endpoint is the SDK's to resolve: in the cloud the region's, and wherever
 * AWS_ENDPOINT_URL_BEDROCK_RUNTIME is set (the adapter's tests), that one.
 */
let defaultClient: BedrockRuntimeClient | undefined;
export function bedrockClient(): BedrockRuntimeClient {
  defaultClient ??= captureAwsClient(
    new BedrockRuntimeClient({
      region: bedrockRegion(),
      maxAttempts: 2,
      requestHandler: http2RequestHandlerOptions(SLOW_SERVICE_SILENCE_MS),
    }),
  );
  return defaultClient;
}

/**
 * Set in a Lambda bundle only (`lambdaDefine`): the tool's input schema, generated from the zod
 * answer schema at build time. esbuild replaces the name before it bundles, so the branch that
 * generates it at run time (and zod's JSON Schema generator, about 12 KB) is dropped there.
 */
declare const __CHECKLIST_TOOL_SCHEMA__: string | undefined;

let toolSchema: Record<string, unknown> | undefined;

/** The tool's input schema, generated from the zod schema the answer is validated with (once per container). */
export function checklistToolSchema(): Record<string, unknown> {
  if (typeof __CHECKLIST_TOOL_SCHEMA__ === 'string')
    return (toolSchema ??= JSON.parse(__CHECKLIST_TOOL_SCHEMA__) as Record<string, unknown>);
  else return (toolSchema ??= checklistAnswerJsonSchema());
}

export function checklistTool(): Tool {
  return {
    toolSpec: {
      name: CHECKLIST_TOOL_NAME,
      description:
        'Records the task checklist for the project, with hour estimates, the total and the suggested turnaround in ' +
        'business days.',
      inputSchema: { json: checklistToolSchema() as never },
    },
  };
}

/** `studio`: the studio's record on similar work, when there is enough of it to go by. */
export function converseCommand(
  modelId: string,
  request: ChecklistRequest,
  studio: StudioFigures | null = null,
): ConverseCommand {
  return new ConverseCommand({
    modelId,
    system: [{ text: SYSTEM_PROMPT }],
    messages: [{ role: 'user', content: [{ text: buildBrief(request, studio) }] }],
    toolConfig: { tools: [checklistTool()], toolChoice: { tool: { name: CHECKLIST_TOOL_NAME } } },
    inferenceConfig: { maxTokens: 2_000, temperature: 0.2 },
  });
}

/**
 * The tool call's input, validated. Hours are rounded to half hours; the total and the turnaround are
 * recomputed from the tasks so they agree with what the review dialog shows (total / 2.5, rounded up).
 */
export function answerFrom(output: ConverseCommandOutput): ChecklistAnswerResult {
  const toolUse = output.output?.message?.content?.find(
    (block) => block.toolUse?.name === CHECKLIST_TOOL_NAME,
  )?.toolUse;
  if (!toolUse)
    throw new BedrockChecklistError(
      'no_tool_use',
      `The model answered without calling ${CHECKLIST_TOOL_NAME} (stop reason ${output.stopReason ?? 'unknown'})`,
    );
  const parsed = checklistAnswerSchema.safeParse(toolUse.input);
  if (!parsed.success)
    throw new BedrockChecklistError(
      'invalid_answer',
      `The model's checklist is invalid: ${parsed.error.issues
        .slice(0, 3)
        .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
        .join('; ')}`,
    );
  const checklist = parsed.data.checklist.map((item) => ({
    task: item.task.trim(),
    estimated_hours: Math.max(0.5, Math.round(item.estimated_hours * 2) / 2),
  }));
  if (checklist.some((item) => item.task.length === 0))
    throw new BedrockChecklistError('invalid_answer', 'The model returned a blank task');
  const total = totalHours(checklist);
  return { checklist, total_estimated_hours: total, suggested_turnaround_days: turnaroundDays(total) };
}

/** One Converse call with the tool forced, abandoned (and aborted) after `timeoutMs`. */
export async function askBedrock(
  request: ChecklistRequest,
  options: { modelId: string; client?: BedrockRuntimeClient; timeoutMs?: number; studio?: StudioFigures | null },
): Promise<ChecklistAnswerResult> {
  const client = options.client ?? bedrockClient();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new BedrockChecklistError('timeout', `Bedrock did not answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const output = await Promise.race([
      client
        .send(converseCommand(options.modelId, request, options.studio ?? null), { abortSignal: controller.signal })
        .catch((error: unknown) => {
          if (controller.signal.aborted)
            throw new BedrockChecklistError('timeout', `Bedrock did not answer within ${timeoutMs} ms`, {
              cause: error,
            });
          throw new BedrockChecklistError(
            'error',
            `Bedrock failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
            { cause: error },
          );
        }),
      timeout,
    ]);
    return answerFrom(output);
  } finally {
    clearTimeout(timer);
  }
}
