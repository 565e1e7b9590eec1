import type { z } from 'zod';
import { checklistRequestSchema } from '../../adapters/checklist/schema.js';

export type { ChecklistResult as GenerateChecklistResponse, ChecklistSource, ChecklistTask } from '../../adapters/checklist/schema.js';

/** POST /api/checklists (spec/2 §3, checklist generation request); the answer says which produced it. */
export const generateChecklistBody = checklistRequestSchema;
export type GenerateChecklistBody = z.input<typeof checklistRequestSchema>;
