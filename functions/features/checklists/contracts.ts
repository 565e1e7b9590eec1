import type { z } from '../../../events/zod.js';
import { projectBriefSchema } from '../../../shared/project-brief.js';
import type { EstimateBasis, StudioTurnaround } from '../insights/contracts.js';

export type ChecklistSource = 'bedrock' | 'local';

/** The studio's own record on similar projects (same category and type, recent deliveries). */
export type StudioFigures = StudioTurnaround;

/** Whether the estimate was made knowing the studio's record ('studio') or from the brief alone. */
export type { EstimateBasis };

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

/** The checklist, and a signed receipt of its source and basis for the submission (core/estimate-receipt.ts). */
export type GenerateChecklistResponse = ChecklistResult & { estimate_receipt: string };

/**
 * POST /api/checklists (docs/product.md#records, checklist generation request): the brief under the same rules as
 * the wizard's steps and the submission (shared/project-brief.ts), so a brief that gets a checklist
 * is one that can be submitted; the answer says which produced it.
 */
export const generateChecklistBody = projectBriefSchema;
export type GenerateChecklistBody = z.input<typeof projectBriefSchema>;
