import { z } from 'zod';
import { PROJECT_CATEGORIES } from '../../../events/vocabulary.js';
import type { ProjectDocument } from '../../consumers/projections/projects.js';

const text = (max: number) => z.string().max(max);
const nullableText = (max: number) => z.string().max(max).nullable().default(null);
const shortList = (max: number, itemMax = 200) => z.array(z.string().max(itemMax)).max(max).default([]);

/** POST /api/projects: the wizard's submission and its reviewed checklist (spec/2 §3). */
export const submitProjectBody = z.object({
  title: text(200).trim().min(1, 'Title is required'),
  project_category: z.enum(PROJECT_CATEGORIES),
  project_type: text(100).min(1, 'Project type is required'),
  property_type: text(100).min(1, 'Property type is required'),
  description: text(20_000),
  design_priority: shortList(10),
  area_sqft: z.number().positive().max(10_000_000).nullable().default(null),
  existing_plans: z.boolean().default(false),
  permit_needs: nullableText(5_000),
  deliverables: z.array(text(200)).min(1, 'Select at least one deliverable').max(20),
  room_selection: shortList(20),
  room_notes: nullableText(5_000),
  inspiration_links: z.array(z.string().trim().max(2_000).pipe(z.url({ protocol: /^https?$/, message: 'Inspiration links must be http(s) URLs' }))).max(20).default([]),
  project_address: nullableText(500),
  specifications: z
    .object({
      ceiling_height: z.number().positive().max(100).nullable().optional(),
      preferred_materials: nullableText(2_000).optional(),
      lot_area: z.number().positive().max(100_000_000).nullable().optional(),
      zoning_permit_type: nullableText(200).optional(),
      requires_city_review: z.boolean().nullable().optional(),
    })
    .strict()
    .default({}),
  checklist: z
    .array(z.object({ task_name: text(500), estimated_hours: z.number().min(0).max(1000) }))
    .min(1, 'The checklist needs at least one task')
    .max(100),
  grok_generated: z.boolean().default(true),
  checklist_source: z.enum(['bedrock', 'local', 'manual']).default('manual'),
  /** Accepted for compatibility with the spec's payload; the server computes both from the checklist. */
  total_estimated_hours: z.number().optional(),
  estimated_turnaround_days: z.number().nullable().optional(),
});
export type SubmitProjectBody = z.input<typeof submitProjectBody>;

export type ProjectDetail = ProjectDocument & { id: string };

/** What lists return: the document without its heavier parts. */
export type ProjectCard = Omit<ProjectDetail, 'checklist' | 'specifications' | 'description' | 'files'> & {
  checklist_total: number;
  checklist_completed: number;
};

export interface ListProjectsResponse {
  projects: ProjectCard[];
}
export interface ProjectResponse {
  project: ProjectDetail;
}

export function toCard(project: ProjectDetail): ProjectCard {
  const { checklist, specifications: _s, description: _d, files: _f, ...rest } = project;
  return { ...rest, checklist_total: checklist.length, checklist_completed: checklist.filter((task) => task.completed).length };
}
