import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BedrockRuntimeClient, checklistToolSchema } from '../../functions/features/checklists/estimator/bedrock.js';
import {
  estimateLocally,
  generateChecklist,
  type StudioFigures,
} from '../../functions/features/checklists/estimator/index.js';
import { CHECKLIST_TOOL_NAME, SYSTEM_PROMPT } from '../../functions/features/checklists/estimator/prompt.js';
import { log } from '../../functions/platform/log.js';
import { http2RequestHandlerOptions } from '../../functions/platform/aws/sdk-config.js';
import {
  BEDROCK_REFUSALS,
  conversePath,
  converseAnswer,
  toolUseAnswer,
} from '../support/aws-endpoints/bedrock-runtime.js';
import { captureSingleMetrics } from '../support/aws-endpoints/metrics.js';
import { signedScope, startAwsEndpoint, useEndpointEnv, type AwsEndpoint } from '../support/aws-endpoints/server.js';
import { brief, permitBrief } from '../support/checklist-briefs.js';

/**
 * The checklist's Bedrock path through the real Bedrock Runtime client the function builds
 * (bedrockClient: its retries, its handler, SigV4), against a local endpoint that answers Converse
 * as Bedrock does. The client reaches it by AWS_ENDPOINT_URL_BEDROCK_RUNTIME, the SDK's own setting.
 */
const MODEL = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const BASE_MODEL = 'anthropic.claude-haiku-4-5-20251001-v1:0';

/** A good answer for a 1,850 sq ft concept design. Its total (30) and turnaround (11) are off on purpose. */
const validAnswer = toolUseAnswer(CHECKLIST_TOOL_NAME, {
  checklist: [
    { task: 'Review the brief, site photos and inspiration references', estimated_hours: 1 },
    { task: 'Build the base model from the client measurements', estimated_hours: 2 },
    { task: 'Study two kitchen and island layout alternatives', estimated_hours: 2.5 },
    { task: 'Draft the layout plan with furniture and circulation', estimated_hours: 3.5 },
    { task: 'Model and render the kitchen concept view', estimated_hours: 4.75 },
    { task: 'Assemble the style board: warm oak, matte black fixtures', estimated_hours: 2 },
    { task: 'Internal QA and client presentation package', estimated_hours: 1 },
  ],
  total_estimated_hours: 30,
  suggested_turnaround_days: 11,
});

/** The model called the tool but with hours as strings and a missing total. */
const malformedAnswer = toolUseAnswer(CHECKLIST_TOOL_NAME, {
  checklist: [
    { task: 'Layout plan', estimated_hours: '3 hours' },
    { name: 'Render', hours: 4 },
  ],
  suggested_turnaround_days: 'about a week',
});

/** The model answered in prose instead of calling the tool. */
const proseAnswer = converseAnswer(
  [{ text: 'Here is a checklist: 1. Draw the plan (4 h) 2. Render (5 h).' }],
  'end_turn',
);

let bedrock: AwsEndpoint;
let restoreEnv: () => void;
const published = captureSingleMetrics();
let warnings: { message: string; attributes: Record<string, unknown> }[];

beforeAll(async () => {
  bedrock = await startAwsEndpoint({ http2: true });
  restoreEnv = useEndpointEnv({ BEDROCK_RUNTIME: bedrock.url });
  delete process.env.BEDROCK_REGION;
});
afterAll(async () => {
  restoreEnv();
  await bedrock.close();
});
beforeEach(() => {
  bedrock.reset();
  published.length = 0;
  warnings = [];
  vi.spyOn(log, 'warn').mockImplementation(
    ((message: string, attributes: Record<string, unknown>) => void warnings.push({ message, attributes })) as never,
  );
});
afterEach(() => {
  vi.mocked(log.warn).mockRestore();
});

describe('the Converse request the SDK sends', () => {
  it('sends the brief with one tool, generated from the zod answer schema, and forces it', async () => {
    bedrock.answerInTurn(validAnswer);
    await generateChecklist(brief(), { modelId: MODEL });
    expect(bedrock.seen).toHaveLength(1);
    const [request] = bedrock.seen;
    expect(request).toMatchObject({ method: 'POST', url: conversePath(MODEL) });
    expect(request!.url).toBe('/model/us.anthropic.claude-haiku-4-5-20251001-v1%3A0/converse');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(signedScope(request!)).toEqual({ accessKeyId: 'AKIDLOCALTEST', region: 'us-east-1', service: 'bedrock' });
    const body = bedrock.json();
    // restJson: the model id is in the path, never in the body.
    expect(body.modelId).toBeUndefined();
    expect(body.system).toEqual([{ text: SYSTEM_PROMPT }]);
    expect(body.toolConfig.toolChoice).toEqual({ tool: { name: CHECKLIST_TOOL_NAME } });
    expect(body.toolConfig.tools).toHaveLength(1);
    expect(body.toolConfig.tools[0].toolSpec.name).toBe(CHECKLIST_TOOL_NAME);
    const schema = body.toolConfig.tools[0].toolSpec.inputSchema.json;
    expect(schema).toEqual(checklistToolSchema());
    expect(schema.required).toEqual(['checklist', 'total_estimated_hours', 'suggested_turnaround_days']);
    expect(schema.properties.checklist.items.required).toEqual(['task', 'estimated_hours']);
    expect(schema.$schema).toBeUndefined();
    expect(body.inferenceConfig).toEqual({ maxTokens: 2000, temperature: 0.2 });
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].role).toBe('user');
    const text = body.messages[0].content[0].text as string;
    expect(text).toContain('Project type: Concept Design');
    expect(text).toContain('- Layout Plan: A measured 2D plan');
    expect(text).toContain('Building area (sq ft): 1850');
    expect(text).toMatch(/<<<BRIEF\nOpen the kitchen[\s\S]*\nBRIEF>>>$/);
  });

  it(
    'returns a valid answer as source bedrock, with ' + 'half-hour tasks and a total and turnaround that agree',
    async () => {
      bedrock.answerInTurn(validAnswer);
      const result = await generateChecklist(brief(), { modelId: MODEL });
      expect(result.source).toBe('bedrock');
      expect(result.checklist).toHaveLength(7);
      expect(result.checklist[4]).toEqual({ task: 'Model and render the kitchen concept view', estimated_hours: 5 });
      // 1 + 2 + 2.5 + 3.5 + 5 + 2 + 1: the model's own total (30) and days (11) are recomputed.
      expect(result.total_estimated_hours).toBe(17);
      expect(result.suggested_turnaround_days).toBe(7);
      expect(warnings).toEqual([]);
      expect(published).toEqual([]);
    },
  );

  it('carries the studio record in the brief when there is enough of it, and the answer says it was used', async () => {
    const record = (deliveries: number): StudioFigures => ({
      deliveries,
      median_actual_days: 9,
      median_estimated_days: 6,
    });
    bedrock.answerInTurn(validAnswer);
    const result = await generateChecklist(brief(), { modelId: MODEL, studio: record(5) });
    expect(result).toMatchObject({ source: 'bedrock', estimate_basis: 'studio', studio: record(5) });
    expect(JSON.stringify(bedrock.json(0).messages)).toContain('took a median of 9 business days');
    const without = await generateChecklist(brief(), { modelId: MODEL, studio: record(1) });
    expect(without).toMatchObject({ estimate_basis: 'generic', studio: null });
    expect(JSON.stringify(bedrock.json(1).messages)).not.toContain('median of 9');
  });

  it('uses the local estimator without calling Bedrock when no model is configured', async () => {
    bedrock.answerInTurn(validAnswer);
    const result = await generateChecklist(brief(), { modelId: null });
    expect(result.source).toBe('local');
    expect(bedrock.seen).toHaveLength(0);
    expect(warnings).toEqual([]);
  });
});

describe('answers the schema refuses', () => {
  it.each([
    ['a malformed tool call', malformedAnswer],
    ['prose instead of the tool', proseAnswer],
  ])('falls back to the local estimator on %s, and says the model answered badly', async (_case, answer) => {
    bedrock.answerInTurn(answer);
    const result = await generateChecklist(brief(), { modelId: MODEL });
    expect(result).toEqual(estimateLocally(brief()));
    expect(bedrock.seen).toHaveLength(1);
    expect(warnings[0]!.attributes).toMatchObject({
      reason: 'invalid_answer',
      modelId: MODEL,
      region: 'us-east-1',
      fix: expect.stringMatching(/tool use/),
    });
  });
});

describe('a model that does not answer in time', () => {
  it('falls back on the timeout and aborts the request: the endpoint sees the connection closed', async () => {
    bedrock.answerInTurn('silent');
    const result = await generateChecklist(permitBrief(), { modelId: MODEL, timeoutMs: 200 });
    expect(result).toEqual(estimateLocally(permitBrief()));
    await vi.waitFor(() => expect(bedrock.seen[0]?.closedByClient).toBe(true));
    expect(warnings[0]!.attributes).toMatchObject({ reason: 'timeout', modelId: MODEL });
    expect(published.map((point) => point.reason)).toEqual(['timeout']);
  });

  it(
    "the client's own idle limit abandons a silent HTTP/2 stream (the handler Bedrock Runtime's SDK uses reads " +
      'requestTimeout, not socketTimeout)',
    async () => {
      bedrock.answerInTurn('silent');
      const client = new BedrockRuntimeClient({
        region: 'us-east-1',
        maxAttempts: 1,
        requestHandler: http2RequestHandlerOptions(300),
      });
      const result = await generateChecklist(brief(), { modelId: MODEL, client, timeoutMs: 30_000 });
      expect(result.source).toBe('local');
      expect(warnings[0]!.attributes).toMatchObject({ reason: 'timeout', errorName: 'TimeoutError' });
      client.destroy();
    },
  );
});

describe("Bedrock's refusals and the SDK's retries", () => {
  it('a throttled call is retried by the SDK, and the retry answers: no fallback, nothing logged', async () => {
    bedrock.answerInTurn(BEDROCK_REFUSALS.throttled, validAnswer);
    const result = await generateChecklist(brief(), { modelId: MODEL });
    expect(result.source).toBe('bedrock');
    expect(bedrock.seen).toHaveLength(2);
    expect(bedrock.json(1)).toEqual(bedrock.json(0));
    expect(warnings).toEqual([]);
  });

  it.each([
    ['throttled on every attempt', BEDROCK_REFUSALS.throttled, 'throttled', 2, /Service Quotas.*inference profile/],
    ['a 500 on every attempt', BEDROCK_REFUSALS.internal, 'other', 2, /AWS Health Dashboard/],
    [
      'no access to the model (403)',
      BEDROCK_REFUSALS.noModelAccess,
      'access_denied',
      1,
      /Request model access .* Bedrock console in us-east-1/,
    ],
    [
      'a marketplace subscription the role could not make (403)',
      BEDROCK_REFUSALS.marketplaceSubscription,
      'subscription_required',
      1,
      /AWS Marketplace.*create-foundation-model-agreement/,
    ],
    [
      'the Anthropic first-use form missing (404)',
      BEDROCK_REFUSALS.useCaseFormMissing,
      'subscription_required',
      1,
      /use case details form/,
    ],
    [
      'a base model id the region serves only through a profile (400)',
      BEDROCK_REFUSALS.onDemandUnsupported(BASE_MODEL),
      'model_not_in_region',
      1,
      /inference profile us\.anthropic\.claude-haiku-4-5-20251001-v1:0/,
    ],
  ] as const)(
    '%s: the local estimator answers; one warning and one metric say why',
    async (_case, refusal, reason, attempts, fix) => {
      bedrock.answerInTurn(refusal);
      const modelId = reason === 'model_not_in_region' ? BASE_MODEL : MODEL;
      const result = await generateChecklist(brief(), { modelId });
      expect(result).toEqual(estimateLocally(brief()));
      expect(bedrock.seen).toHaveLength(attempts);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.message).toBe('Bedrock checklist failed; the local estimator answered');
      expect(warnings[0]!.attributes).toMatchObject({
        reason,
        modelId,
        region: 'us-east-1',
        status: refusal === 'silent' || refusal === 'hang-up' ? undefined : refusal.status,
      });
      expect(warnings[0]!.attributes.fix).toMatch(fix);
      expect(published).toHaveLength(1);
      expect(published[0]).toMatchObject({ ChecklistFallback: 1, reason, service: 'design-club' });
      expect(published[0]!._aws.CloudWatchMetrics[0]).toEqual({
        Namespace: 'DesignClub',
        Dimensions: [['service'], ['service', 'reason']],
        Metrics: [{ Name: 'ChecklistFallback', Unit: 'Count' }],
      });
    },
  );

  it(
    'a us. inference profile called from an EU region: the region is named, and the fix is the ' +
      "region's own profile",
    async () => {
      bedrock.answerInTurn(BEDROCK_REFUSALS.invalidModel);
      const client = new BedrockRuntimeClient({ region: 'eu-west-1', maxAttempts: 2 });
      const result = await generateChecklist(brief(), { modelId: MODEL, client });
      expect(result.source).toBe('local');
      expect(signedScope(bedrock.seen[0]!)?.region).toBe('eu-west-1');
      expect(warnings[0]!.attributes).toMatchObject({
        reason: 'model_not_in_region',
        modelId: MODEL,
        region: 'eu-west-1',
      });
      expect(warnings[0]!.attributes.fix).toContain(
        'the us. inference profile cannot be called from eu-west-1: ' +
          'set BEDROCK_MODEL_ID to the inference profile eu.anthropic.claude-haiku-4-5-20251001-v1:0',
      );
      client.destroy();
    },
  );
});
