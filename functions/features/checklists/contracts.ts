import type { z } from '../../../events/zod.js';
import { projectBriefSchema } from '../../../shared/project-brief.js';

import type { ChecklistResult } from './estimator/schema.js';

export type { ChecklistSource, ChecklistTask } from './estimator/schema.js';

/** The checklist, and a signed receipt of its source and basis for the submission (core/estimate-receipt.ts). */
export type GenerateChecklistResponse = ChecklistResult & { estimate_receipt: string };

/**
 * POST /api/checklists (spec/2 §3, checklist generation request): the brief under the same rules as
 * the wizard's steps and the submission (shared/project-brief.ts), so a brief that gets a checklist
 * is one that can be submitted; the answer says which produced it.
 */
export const generateChecklistBody = projectBriefSchema;
export type GenerateChecklistBody = z.input<typeof projectBriefSchema>;
