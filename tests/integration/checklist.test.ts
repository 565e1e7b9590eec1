import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { log } from '../../functions/platform/log.js';
import { CHECKLIST_TOOL_NAME } from '../../functions/features/checklists/estimator/prompt.js';
import { BEDROCK_REFUSALS, conversePath, toolUseAnswer } from '../support/aws-endpoints/bedrock-runtime.js';
import { startAwsEndpoint, useEndpointEnv, type AwsEndpoint } from '../support/aws-endpoints/server.js';
import { TestStack, minimalProject, type TestUser } from '../support/stack.js';

let stack: TestStack;
let client: TestUser;

const request = (overrides: Record<string, unknown> = {}) => {
  const {
    checklist: _c,
    total_estimated_hours: _t,
    estimated_turnaround_days: _e,
    existing_plans: _x,
    inspiration_links: _i,
    room_notes: _r,
    ...brief
  } = minimalProject();
  return {
    ...brief,
    ceiling_height: 9.5,
    preferred_materials: 'White oak, honed marble',
    project_address: null,
    lot_area: null,
    zoning_permit_type: null,
    requires_city_review: null,
    ...overrides,
  };
};

beforeAll(async () => {
  delete process.env.BEDROCK_MODEL_ID;
  stack = await TestStack.start();
  client = await stack.signUpClient();
});
afterAll(() => stack?.stop());

describe('POST /api/checklists', () => {
  it(
    'answers a client with the local estimator in the ' + 'embedded runtime, totals consistent, nothing stored',
    async () => {
      const before = await stack.eventCount();
      const answer = await stack.api('POST', '/api/checklists', { user: client, body: request() });
      expect(answer.status).toBe(200);
      expect(answer.body.source).toBe('local');
      expect(answer.body.checklist.length).toBeGreaterThanOrEqual(3);
      for (const item of answer.body.checklist) {
        expect(Object.keys(item).sort()).toEqual(['estimated_hours', 'task']);
        expect(item.task.length).toBeGreaterThan(3);
      }
      const sum = answer.body.checklist.reduce(
        (total: number, item: { estimated_hours: number }) => total + item.estimated_hours,
        0,
      );
      expect(answer.body.total_estimated_hours).toBeCloseTo(sum, 5);
      expect(answer.body.suggested_turnaround_days).toBe(Math.ceil(answer.body.total_estimated_hours / 2.5));
      expect(await stack.eventCount()).toBe(before);
    },
  );

  it('accepts a permit brief with its context', async () => {
    const answer = await stack.api('POST', '/api/checklists', {
      user: client,
      body: request({
        project_category: 'Permit',
        project_type: 'ADU / Addition Permit Set',
        property_type: 'adu',
        deliverables: ['Site Plan', 'Floor Plan', 'Elevations'],
        design_priority: [],
        room_selection: [],
        area_sqft: 650,
        lot_area: 5000,
        project_address: '88 Cedar Ave, Oakland, CA',
        zoning_permit_type: 'RM-2 / ADU building permit',
        requires_city_review: true,
        permit_needs: 'Detached ADU with one bedroom',
      }),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.checklist.some((item: { task: string }) => /plan-check/.test(item.task))).toBe(true);
  });

  it('is for clients only, and refuses bad input with a readable message', async () => {
    const designer = await stack.designer();
    expect((await stack.api('POST', '/api/checklists', { user: designer, body: request() })).status).toBe(403);
    expect((await stack.api('POST', '/api/checklists', { body: request() })).status).toBe(401);
    const noDeliverables = await stack.api('POST', '/api/checklists', {
      user: client,
      body: request({ deliverables: [] }),
    });
    expect(noDeliverables.status).toBe(400);
    expect(noDeliverables.body.error?.message).toMatch(/Select at least one deliverable/);
    const badArea = await stack.api('POST', '/api/checklists', { user: client, body: request({ area_sqft: 'big' }) });
    expect(badArea.status).toBe(400);
    expect(badArea.body.error?.message).toMatch(/area_sqft/);
  });
});

describe('POST /api/checklists with a Bedrock model configured (a local Converse endpoint)', () => {
  const MODEL = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
  let bedrock: AwsEndpoint;
  let restoreEnv: () => void;

  beforeAll(async () => {
    bedrock = await startAwsEndpoint({ http2: true });
    restoreEnv = useEndpointEnv({ BEDROCK_RUNTIME: bedrock.url });
    process.env.BEDROCK_MODEL_ID = MODEL;
  });
  afterAll(async () => {
    restoreEnv();
    delete process.env.BEDROCK_MODEL_ID;
    await bedrock.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    bedrock.reset();
  });

  it("answers with the model's checklist, labelled bedrock", async () => {
    bedrock.answerInTurn(
      toolUseAnswer(CHECKLIST_TOOL_NAME, {
        checklist: [
          { task: 'Review the brief and the photos', estimated_hours: 1 },
          { task: 'Draft the layout plan with furniture', estimated_hours: 3 },
          { task: 'Internal QA and hand-off', estimated_hours: 1 },
        ],
        total_estimated_hours: 5,
        suggested_turnaround_days: 2,
      }),
    );
    const answer = await stack.api('POST', '/api/checklists', { user: client, body: request() });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ source: 'bedrock', total_estimated_hours: 5, suggested_turnaround_days: 2 });
    expect(bedrock.seen.map((seen) => seen.url)).toEqual([conversePath(MODEL)]);
  });

  it(
    'an account without access to the model: the client still gets a checklist (local), the operator a warning that ' +
      'says why',
    async () => {
      const warn = vi.spyOn(log, 'warn');
      bedrock.answerInTurn(BEDROCK_REFUSALS.noModelAccess);
      const answer = await stack.api('POST', '/api/checklists', { user: client, body: request() });
      expect(answer.status).toBe(200);
      expect(answer.body.source).toBe('local');
      expect(answer.body.checklist.length).toBeGreaterThanOrEqual(3);
      expect(warn).toHaveBeenCalledWith(
        'Bedrock checklist failed; the local estimator answered',
        expect.objectContaining({
          reason: 'access_denied',
          modelId: MODEL,
          region: 'us-east-1',
          fix: expect.stringContaining('Request model access'),
        }),
      );
    },
  );
});
