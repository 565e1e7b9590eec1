import * as z from '#events/zod.js';
import { PROJECT_CATEGORIES } from '#shared/vocabulary.js';

const list = (max: number, itemMax = 200) =>
  z._default(z.array(z.string().check(z.trim(), z.maxLength(itemMax))).check(z.maxLength(max)), []);
const optionalText = (max: number) => z._default(z.nullable(z.string().check(z.trim(), z.maxLength(max))), null);
const optionalNumber = (max: number) => z._default(z.nullable(z.number().check(z.positive(), z.lte(max))), null);

/**
 * What the estimators read of a brief (docs/product.md#records): lenient on purpose, so an estimator copes with
 * any brief. The API refuses briefs that break the wizard's rules before they get here
 * (shared/project-brief.ts, the schema of POST /api/checklists and POST /api/projects).
 */
export const checklistRequestSchema = /* @__PURE__ */ (() =>
  z.object({
    title: z.string().check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(200)),
    project_category: z.enum(PROJECT_CATEGORIES),
    project_type: z.string().check(z.trim(), z.minLength(1, 'Project type is required'), z.maxLength(100)),
    property_type: z.string().check(z.trim(), z.minLength(1, 'Property type is required'), z.maxLength(100)),
    deliverables: z
      .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)))
      .check(z.minLength(1, 'Select at least one deliverable'), z.maxLength(20)),
    design_priority: list(10),
    description: z._default(z.string().check(z.maxLength(20_000)), ''),
    area_sqft: optionalNumber(10_000_000),
    room_selection: list(20),
    room_notes: z.optional(optionalText(5_000)),
    existing_plans: z.optional(z.nullable(z.boolean())),
    permit_needs: optionalText(5_000),
    ceiling_height: optionalNumber(100),
    preferred_materials: optionalText(2_000),
    project_address: optionalText(500),
    lot_area: optionalNumber(100_000_000),
    zoning_permit_type: optionalText(200),
    requires_city_review: z._default(z.nullable(z.boolean()), null),
  }))();
export type ChecklistRequest = z.output<typeof checklistRequestSchema>;
export type ChecklistRequestInput = z.input<typeof checklistRequestSchema>;

/**
 * The checklist as the model must answer it (docs/product.md#records, response): the Bedrock tool's input schema is
 * generated from this schema, and the model's answer is validated against it.
 */
export const checklistAnswerSchema = /* @__PURE__ */ (() =>
  z.object({
    checklist: z
      .array(
        z.object({
          task: z
            .string()
            .check(
              z.minLength(3),
              z.maxLength(200),
              z.describe(
                'One concrete piece of drafting or design work, starting with a verb, naming the drawing or document ' +
                  'it produces.',
              ),
            ),
          estimated_hours: z
            .number()
            .check(
              z.gte(0.25),
              z.lte(80),
              z.describe('Realistic hours for one experienced drafter or designer, in steps of 0.5.'),
            ),
        }),
      )
      .check(
        z.minLength(3),
        z.maxLength(30),
        z.describe('The tasks in the order the studio would do them, from intake review to final QA.'),
      ),
    total_estimated_hours: z
      .number()
      .check(z.gte(0), z.lte(1000), z.describe('The sum of estimated_hours over the checklist.')),
    suggested_turnaround_days: z
      .int()
      .check(z.gte(1), z.lte(120), z.describe('Business days: total_estimated_hours divided by 2.5, rounded up.')),
  }))();

/**
 * The Bedrock tool's input schema: the JSON Schema of the answer schema, without `$schema`. A Lambda
 * bundle gets it made at build time (`lambdaDefine` in infra/stack/bundling.ts) and so carries no
 * JSON Schema generator; the embedded runtime and tests make it here.
 */
export function checklistAnswerJsonSchema(): Record<string, unknown> {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(checklistAnswerSchema) as Record<string, unknown>;
  return schema;
}

export type { ChecklistResult, ChecklistTask, StudioFigures } from '../contracts.js';

/** Below this many similar deliveries the studio's record says too little to move an estimate. */
export const MIN_STUDIO_DELIVERIES = 3;
