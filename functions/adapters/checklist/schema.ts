import * as z from 'zod';
import { PROJECT_CATEGORIES } from '../../../events/vocabulary.js';
import type { StudioTurnaround } from '../../domain/insights.js';

const list = (max: number, itemMax = 200) => z.array(z.string().trim().max(itemMax)).max(max).default([]);
const optionalText = (max: number) => z.string().trim().max(max).nullable().default(null);
const optionalNumber = (max: number) => z.number().positive().max(max).nullable().default(null);

/**
 * What the estimators read of a brief (spec/2 §3): lenient on purpose, so an estimator copes with
 * any brief. The API refuses briefs that break the wizard's rules before they get here
 * (events/project-brief.ts, the schema of POST /api/checklists and POST /api/projects).
 */
export const checklistRequestSchema = z.object({
  title: z.string().trim().min(1, 'Title is required').max(200),
  project_category: z.enum(PROJECT_CATEGORIES),
  project_type: z.string().trim().min(1, 'Project type is required').max(100),
  property_type: z.string().trim().min(1, 'Property type is required').max(100),
  deliverables: z.array(z.string().trim().min(1).max(200)).min(1, 'Select at least one deliverable').max(20),
  design_priority: list(10),
  description: z.string().max(20_000).default(''),
  area_sqft: optionalNumber(10_000_000),
  room_selection: list(20),
  room_notes: optionalText(5_000).optional(),
  existing_plans: z.boolean().nullable().optional(),
  permit_needs: optionalText(5_000),
  ceiling_height: optionalNumber(100),
  preferred_materials: optionalText(2_000),
  project_address: optionalText(500),
  lot_area: optionalNumber(100_000_000),
  zoning_permit_type: optionalText(200),
  requires_city_review: z.boolean().nullable().default(null),
});
export type ChecklistRequest = z.output<typeof checklistRequestSchema>;
export type ChecklistRequestInput = z.input<typeof checklistRequestSchema>;

/**
 * The checklist as the model must answer it (spec/2 §3, response): the Bedrock tool's input schema is
 * generated from this schema, and the model's answer is validated against it.
 */
export const checklistAnswerSchema = z.object({
  checklist: z
    .array(
      z.object({
        task: z
          .string()
          .min(3)
          .max(200)
          .describe('One concrete piece of drafting or design work, starting with a verb, naming the drawing or document it produces.'),
        estimated_hours: z
          .number()
          .min(0.25)
          .max(80)
          .describe('Realistic hours for one experienced drafter or designer, in steps of 0.5.'),
      }),
    )
    .min(3)
    .max(30)
    .describe('The tasks in the order the studio would do them, from intake review to final QA.'),
  total_estimated_hours: z.number().min(0).max(1000).describe('The sum of estimated_hours over the checklist.'),
  suggested_turnaround_days: z
    .number()
    .int()
    .min(1)
    .max(120)
    .describe('Business days: total_estimated_hours divided by 2.5, rounded up.'),
});
export type ChecklistAnswer = z.output<typeof checklistAnswerSchema>;

export type ChecklistSource = 'bedrock' | 'local';

/** The studio's own record on similar projects (same category and type, recent deliveries). */
export type StudioFigures = StudioTurnaround;

/** Below this many similar deliveries the studio's record says too little to move an estimate. */
export const MIN_STUDIO_DELIVERIES = 3;

/** Whether the estimate was made knowing the studio's record ('studio') or from the brief alone. */
export type EstimateBasis = 'studio' | 'generic';

export interface ChecklistTask {
  task: string;
  estimated_hours: number;
}

export interface ChecklistResult {
  checklist: ChecklistTask[];
  total_estimated_hours: number;
  suggested_turnaround_days: number;
  /** Which produced it: Amazon Bedrock, or the deterministic local estimator. */
  source: ChecklistSource;
  estimate_basis: EstimateBasis;
  /** The studio's record the estimate was given, when it was ('studio'). */
  studio: StudioFigures | null;
}
