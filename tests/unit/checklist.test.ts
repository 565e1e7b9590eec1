import { describe, expect, it } from 'vitest';
import { DELIVERABLES } from '../../shared/deliverables.js';
import { PROJECT_TYPES, propertyTypeOptions } from '../../shared/intake-options.js';
import { turnaroundDays } from '../../shared/turnaround.js';
import { BedrockChecklistError, converseCommand } from '../../functions/features/checklists/estimator/bedrock.js';
import { diagnoseFallback, inferenceProfileFor } from '../../functions/features/checklists/estimator/fallback.js';
import {
  checklistAnswerSchema,
  checklistRequestSchema,
  estimateLocally,
} from '../../functions/features/checklists/estimator/index.js';
import { DELIVERABLE_ESTIMATES } from '../../functions/features/checklists/estimator/local-estimator.js';
import { buildBrief } from '../../functions/features/checklists/estimator/prompt.js';
import { brief, permitBrief } from '../support/checklist-briefs.js';

const MODEL = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';

describe('the Converse command (built, not sent: tests/integration/adapter-bedrock.test.ts sends it)', () => {
  it('builds a Converse command with modest inference settings', () => {
    const command = converseCommand(MODEL, permitBrief());
    expect(command.input.inferenceConfig).toEqual({ maxTokens: 2000, temperature: 0.2 });
    const text = (command.input.messages![0]!.content![0] as { text: string }).text;
    for (const fact of [
      'Category: Permit drafting',
      'Lot area (sq ft): 7200',
      'Requires city review: yes',
      'Zoning / permit type: R5 residential building permit',
      'Permit scope summary: New two-storey',
    ]) {
      expect(text).toContain(fact);
    }
    expect(buildBrief(brief({ description: '   ' }))).toContain('(no description given)');
  });
});

describe('why the checklist fell back (the SDK error as askBedrock wraps it)', () => {
  const failed = (name: string, message: string, status: number) =>
    new BedrockChecklistError('error', `Bedrock failed: ${name}: ${message}`, {
      cause: Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } }),
    });

  it("names the inference profile of the caller's geography", () => {
    expect(inferenceProfileFor('anthropic.claude-haiku-4-5-20251001-v1:0', 'us-west-2')).toBe(
      'us.anthropic.claude-haiku-4-5-20251001-v1:0',
    );
    expect(inferenceProfileFor('us.anthropic.claude-haiku-4-5-20251001-v1:0', 'eu-central-1')).toBe(
      'eu.anthropic.claude-haiku-4-5-20251001-v1:0',
    );
    expect(inferenceProfileFor('global.anthropic.claude-haiku-4-5-20251001-v1:0', 'ap-southeast-2')).toBe(
      'apac.anthropic.claude-haiku-4-5-20251001-v1:0',
    );
    expect(
      inferenceProfileFor('arn:aws:bedrock:us-east-1:123456789012:inference-profile/x', 'us-east-1'),
    ).toBeUndefined();
    expect(inferenceProfileFor('anthropic.claude-haiku-4-5-20251001-v1:0', 'sa-east-1')).toBeUndefined();
  });

  it.each([
    ['ServiceQuotaExceededException', 'Your request exceeds the service quota for your account.', 400, 'throttled'],
    ['ServiceUnavailableException', 'Bedrock is unable to process your request.', 503, 'throttled'],
    ['ModelTimeoutException', 'Model has timed out in processing the request.', 408, 'timeout'],
    ['TimeoutError', 'Stream timed out because of no activity for 30000 ms', 0, 'timeout'],
    [
      'AccessDeniedException',
      'User: arn:aws:sts::1:assumed-role/fn is not authorized to perform: bedrock:InvokeModel',
      403,
      'access_denied',
    ],
    ['ModelErrorException', 'The model failed.', 424, 'other'],
  ] as const)('%s → %s', (name, message, status, reason) => {
    expect(
      diagnoseFallback(failed(name, message, status), 'us.anthropic.claude-haiku-4-5-20251001-v1:0', 'us-east-1')
        .reason,
    ).toBe(reason);
  });

  it("a model outside the caller's region, where no profile exists, points to the model list instead", () => {
    const diagnosis = diagnoseFallback(
      failed('ValidationException', 'The provided model identifier is invalid.', 400),
      'anthropic.claude-haiku-4-5-20251001-v1:0',
      'sa-east-1',
    );
    expect(diagnosis.reason).toBe('model_not_in_region');
    expect(diagnosis.fix).toMatch(
      /sa-east-1 does not offer anthropic\.claude-haiku.*aws bedrock list-inference-profiles --region sa-east-1/,
    );
  });
});

describe('the local estimator', () => {
  const sum = (tasks: { estimated_hours: number }[]) =>
    Math.round(tasks.reduce((total, task) => total + task.estimated_hours, 0) * 100) / 100;

  it('is deterministic and its totals agree: total = sum of tasks, days = ceil(total / 2.5)', () => {
    for (const request of [
      brief(),
      permitBrief(),
      brief({ area_sqft: null, design_priority: [], room_selection: [] }),
    ]) {
      const result = estimateLocally(request);
      expect(estimateLocally(request)).toEqual(result);
      expect(result.total_estimated_hours).toBe(sum(result.checklist));
      expect(result.suggested_turnaround_days).toBe(Math.ceil(result.total_estimated_hours / 2.5));
      expect(result.suggested_turnaround_days).toBe(turnaroundDays(result.total_estimated_hours));
      expect(checklistAnswerSchema.safeParse(result).success).toBe(true);
      for (const task of result.checklist) expect(task.estimated_hours * 2).toBe(Math.round(task.estimated_hours * 2));
    }
  });

  it('gives sensible totals: a concept design is a couple of days of work, a new-home permit set a few weeks', () => {
    const concept = estimateLocally(brief());
    expect(concept.total_estimated_hours).toBeGreaterThanOrEqual(10);
    expect(concept.total_estimated_hours).toBeLessThanOrEqual(25);
    const permit = estimateLocally(permitBrief());
    expect(permit.total_estimated_hours).toBeGreaterThanOrEqual(30);
    expect(permit.total_estimated_hours).toBeLessThanOrEqual(60);
    expect(permit.checklist.map((t) => t.task)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/zoning and building code \(R5 residential building permit\)/),
        expect.stringMatching(/plan-check submittal/),
      ]),
    );
  });

  it('has a task for every deliverable of every project type, and more hours for bigger buildings', () => {
    for (const [category, types] of Object.entries(PROJECT_TYPES) as [
      keyof typeof PROJECT_TYPES,
      readonly string[],
    ][]) {
      for (const type of types) {
        const deliverables = DELIVERABLES[type as keyof typeof DELIVERABLES];
        for (const deliverable of deliverables)
          expect(DELIVERABLE_ESTIMATES[deliverable.name], `${type}: ${deliverable.name}`).toBeDefined();
        const request = (area: number) =>
          checklistRequestSchema.parse({
            title: type,
            project_category: category,
            project_type: type,
            property_type: propertyTypeOptions(category)[0]!.value,
            deliverables: deliverables.map((d) => d.name),
            area_sqft: area,
          });
        const small = estimateLocally(request(600));
        const large = estimateLocally(request(5000));
        expect(small.checklist.length).toBe(deliverables.length + (category === 'Permit' ? 5 : 3));
        for (const deliverable of deliverables)
          expect(small.checklist.map((t) => t.task)).toContain(DELIVERABLE_ESTIMATES[deliverable.name]!.task);
        expect(large.total_estimated_hours, type).toBeGreaterThan(small.total_estimated_hours);
        expect(small.total_estimated_hours, type).toBeGreaterThanOrEqual(5);
        expect(large.total_estimated_hours, type).toBeLessThanOrEqual(120);
      }
    }
  });

  it('weighs context: rooms, priorities, property complexity and city review add work', () => {
    const base = estimateLocally(brief({ room_selection: [], design_priority: [] })).total_estimated_hours;
    expect(
      estimateLocally(brief({ room_selection: ['Kitchen', 'Bathroom'], design_priority: [] })).total_estimated_hours,
    ).toBeGreaterThan(base);
    expect(
      estimateLocally(brief({ room_selection: [], design_priority: ['Visualization'] })).total_estimated_hours,
    ).toBeGreaterThan(base);
    const home = estimateLocally(permitBrief()).total_estimated_hours;
    expect(estimateLocally(permitBrief({ property_type: 'commercial' })).total_estimated_hours).toBeGreaterThan(home);
    expect(estimateLocally(permitBrief({ requires_city_review: false })).total_estimated_hours).toBeLessThan(home);
  });

  it('estimates deliverables it does not know instead of dropping them', () => {
    const result = estimateLocally(brief({ deliverables: ['Layout Plan', 'Custom Signage Package'] }));
    expect(result.checklist.map((t) => t.task)).toContain('Produce the Custom Signage Package');
  });
});
