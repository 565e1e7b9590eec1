import { z } from 'zod';
import { defineEvent } from './catalogue.js';
import { PRIORITIES, PROJECT_CATEGORIES } from './vocabulary.js';

export const checklistItemSchema = z.object({
  checklist_id: z.string().min(1),
  task_name: z.string().min(1).max(500),
  estimated_hours: z.number().min(0).max(1000),
  order_index: z.number().int().min(0),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

/**
 * Stream `project-<id>`. One commit carries the whole submission and its reviewed checklist, so a
 * project never exists without its checklist.
 */
export const ProjectSubmitted = defineEvent(
  'ProjectSubmitted',
  z.object({
    project_id: z.string().min(1),
    user_id: z.string().min(1),
    team_id: z.string().nullable(),
    title: z.string().min(1).max(200),
    project_category: z.enum(PROJECT_CATEGORIES),
    project_type: z.string().min(1),
    property_type: z.string().min(1),
    description: z.string(),
    design_priority: z.array(z.string()),
    area_sqft: z.number().nullable(),
    existing_plans: z.boolean(),
    permit_needs: z.string().nullable(),
    deliverables: z.array(z.string()),
    room_selection: z.array(z.string()),
    room_notes: z.string().nullable(),
    inspiration_links: z.array(z.string()),
    project_address: z.string().nullable(),
    specifications: z.record(z.string(), z.unknown()).default({}),
    checklist: z.array(checklistItemSchema),
    total_estimated_hours: z.number().min(0),
    estimated_turnaround_days: z.number().int().min(0).nullable(),
    grok_generated: z.boolean(),
    checklist_source: z.enum(['bedrock', 'local', 'manual']).default('manual'),
    priority: z.enum(PRIORITIES).default('Normal'),
  }),
);

export const projectEvents = [ProjectSubmitted];
