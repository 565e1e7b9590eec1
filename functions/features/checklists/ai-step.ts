import {
  bedrockClient,
  bedrockRegion,
  ConverseCommand,
  DEFAULT_TIMEOUT_MS,
  BedrockChecklistError,
  type BedrockRuntimeClient,
} from './estimator/bedrock.js';
import { reportFallback, type FallbackDiagnosis } from './estimator/fallback.js';

/**
 * The checklist's AI step, for other features' AI steps (a correction letter read, a response
 * drafted): the same Bedrock Runtime client (its retries, timeout and tracing), the same forced
 * tool call, the same fallback diagnosis and `ChecklistFallback` count. The rule
 * feature-through-public-surface names this file.
 */
export type { BedrockRuntimeClient };
export { bedrockRegion };

export interface ToolCall {
  modelId: string;
  system: string;
  /** The user turn: facts, then the data between markers. */
  text: string;
  tool: { name: string; description: string; schema: Record<string, unknown> };
  maxTokens?: number;
  client?: BedrockRuntimeClient;
  timeoutMs?: number;
}

/** One Converse call with the tool forced; answers the tool's input (unvalidated: the caller's schema checks it). */
export async function askWithTool(call: ToolCall): Promise<unknown> {
  const client = call.client ?? bedrockClient();
  const timeoutMs = call.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const command = new ConverseCommand({
    modelId: call.modelId,
    system: [{ text: call.system }],
    messages: [{ role: 'user', content: [{ text: call.text }] }],
    toolConfig: {
      tools: [
        {
          toolSpec: {
            name: call.tool.name,
            description: call.tool.description,
            inputSchema: { json: call.tool.schema as never },
          },
        },
      ],
      toolChoice: { tool: { name: call.tool.name } },
    },
    inferenceConfig: { maxTokens: call.maxTokens ?? 4_000, temperature: 0 },
  });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const output = await client.send(command, { abortSignal: controller.signal }).catch((error: unknown) => {
      if (controller.signal.aborted)
        throw new BedrockChecklistError('timeout', `Bedrock did not answer within ${timeoutMs} ms`, { cause: error });
      throw new BedrockChecklistError(
        'error',
        `Bedrock failed: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`,
        { cause: error },
      );
    });
    const toolUse = output.output?.message?.content?.find((block) => block.toolUse?.name === call.tool.name)?.toolUse;
    if (!toolUse)
      throw new BedrockChecklistError(
        'no_tool_use',
        `The model answered without calling ${call.tool.name} (stop reason ${output.stopReason ?? 'unknown'})`,
      );
    return toolUse.input;
  } finally {
    clearTimeout(timer);
  }
}

/** A model answer the caller's schema refused: counted as the checklist's invalid answers are. */
export const invalidAnswer = (message: string) => new BedrockChecklistError('invalid_answer', message);

/**
 * The warning and the `ChecklistFallback` data point, for `step` (what failed) and `instead` (what the person gets).
 */
export function reportAiFallback(
  failure: unknown,
  context: { modelId: string; region: string; step: string; instead: string },
): FallbackDiagnosis {
  return reportFallback(failure, context);
}
