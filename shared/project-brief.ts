/**
 * The project brief's rules (docs/product.md#records, #validation): ONE zod schema that the wizard checks step by step
 * and that the API applies to the checklist request (POST /api/checklists) and, extended with the reviewed
 * checklist, to the submission (POST /api/projects). Whatever the wizard lets through, the API
 * accepts; whatever lies outside the catalogue (shared/intake-options.ts), the API refuses.
 * Plain zod and data: the SPA imports it too.
 */
import * as z from '../events/zod.js';
import {
  DESIGN_PRIORITIES,
  MIN_DESCRIPTION_LENGTH,
  PROJECT_TYPES,
  ROOMS,
  deliverableNamesOf,
} from './intake-options.js';
import { PROJECT_CATEGORIES, PROPERTY_TYPES, type ProjectCategory } from './vocabulary.js';

import { DESCRIPTION_TOO_SHORT, descriptionLength } from './description.js';

export { DESCRIPTION_TOO_SHORT, descriptionLength };
export const MAX_INSPIRATION_LINKS = 20;

const optionalText = (max: number, label: string) =>
  z._default(
    z.nullable(z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`))),
    null,
  );
/**
 * `10000000` → `10,000,000`, as `toLocaleString('en-US')` writes it, without loading Intl's number
 * formatting at import (20–30 ms of every Lambda's cold start, as every handler imports this module).
 */
const thousands = (value: number) => String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const optionalPositive = (max: number, label: string) =>
  z._default(
    z.nullable(
      z
        .number({ message: `${label} must be a number` })
        .check(z.gt(0, `${label} must be greater than 0`), z.lte(max, `${label} must be at most ${thousands(max)}`)),
    ),
    null,
  );
const choices = (max: number, label: string) =>
  z._default(
    z.array(z.string().check(z.trim(), z.maxLength(200))).check(z.maxLength(max, `Choose at most ${max} ${label}`)),
    [],
  );

const inspirationLink = /* @__PURE__ */ (() =>
  z.pipe(
    z.string().check(z.trim(), z.maxLength(2_000, 'Inspiration links must be at most 2000 characters')),
    z.url({ protocol: /^https?$/, message: 'Inspiration links must be http(s) URLs' }),
  ))();

/**
 * The brief's fields, each with the wizard's wording. The schemas of this module are built in calls
 * marked pure (`.check()` is a method call a bundler must otherwise keep), so a bundle that does not
 * use the brief (a route that only updates a project) drops them and the option catalogue.
 */
export const projectBriefShape = /* @__PURE__ */ (() => ({
  title: z
    .string()
    .check(z.trim(), z.minLength(1, 'Title is required'), z.maxLength(200, 'Title must be at most 200 characters')),
  project_category: z.enum(PROJECT_CATEGORIES, { message: 'Choose Design Project or Permit Project' }),
  project_type: z.string().check(z.trim(), z.minLength(1, 'Project type is required'), z.maxLength(100)),
  property_type: z.string().check(z.trim(), z.minLength(1, 'Property type is required'), z.maxLength(100)),
  deliverables: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)))
    .check(z.minLength(1, 'Select at least one deliverable'), z.maxLength(20)),
  description: z
    ._default(z.string().check(z.maxLength(20_000, 'Description must be at most 20000 characters')), '')
    .check(z.refine((text) => descriptionLength(text) >= MIN_DESCRIPTION_LENGTH, DESCRIPTION_TOO_SHORT)),
  design_priority: choices(10, 'design priorities'),
  area_sqft: optionalPositive(10_000_000, 'Building area'),
  existing_plans: z._default(z.boolean(), false),
  permit_needs: optionalText(5_000, 'Permit scope summary'),
  room_selection: choices(20, 'rooms'),
  room_notes: optionalText(5_000, 'Room notes'),
  inspiration_links: z._default(
    z
      .array(inspirationLink)
      .check(z.maxLength(MAX_INSPIRATION_LINKS, `Add at most ${MAX_INSPIRATION_LINKS} inspiration links`)),
    [],
  ),
  project_address: optionalText(500, 'Project address'),
  ceiling_height: optionalPositive(100, 'Ceiling height'),
  preferred_materials: optionalText(2_000, 'Preferred materials'),
  lot_area: optionalPositive(100_000_000, 'Lot area'),
  zoning_permit_type: optionalText(200, 'Zoning / permit type'),
  requires_city_review: z._default(z.nullable(z.boolean()), null),
}))();

type BriefFields = z.output<z.ZodMiniObject<typeof projectBriefShape>>;

/**
 * The rules between fields: the catalogue (the category's property and project types, the type's
 * deliverables, the fixed priorities and rooms) and what a permit project needs.
 */
function catalogueRules(brief: BriefFields, ctx: z.core.$RefinementCtx<BriefFields>): void {
  const category: ProjectCategory = brief.project_category;
  const issue = (path: keyof BriefFields, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (!(PROPERTY_TYPES[category] as readonly string[]).includes(brief.property_type)) {
    issue('property_type', `Choose a property type of a ${category.toLowerCase()} project from the list`);
  }
  if (!(PROJECT_TYPES[category] as readonly string[]).includes(brief.project_type)) {
    issue('project_type', `Choose a project type of a ${category.toLowerCase()} project from the list`);
  } else {
    const offered = new Set(deliverableNamesOf(brief.project_type));
    if (brief.deliverables.some((name) => !offered.has(name)))
      issue('deliverables', `Choose deliverables of ${brief.project_type} from the list`);
    else if (new Set(brief.deliverables).size !== brief.deliverables.length)
      issue('deliverables', 'Choose each deliverable once');
  }
  if (brief.design_priority.some((priority) => !(DESIGN_PRIORITIES as readonly string[]).includes(priority)))
    issue('design_priority', 'Choose design priorities from the list');
  if (brief.room_selection.some((room) => !(ROOMS as readonly string[]).includes(room)))
    issue('room_selection', 'Choose rooms from the list');
  if (category === 'Permit') {
    if (brief.area_sqft === null) issue('area_sqft', 'Building area is required for permit projects');
    if (!brief.permit_needs) issue('permit_needs', 'Permit scope summary is required for permit projects');
    if (!brief.project_address) issue('project_address', 'Project address is required for permit projects');
  }
}

/** The brief (docs/product.md#records, the checklist generation request) with every rule. */
export const projectBriefSchema = /* @__PURE__ */ (() =>
  z.object(projectBriefShape).check(z.superRefine(catalogueRules)))();
export type BriefField = keyof typeof projectBriefShape;

export type WizardStep = 1 | 2 | 3 | 4;

/** Which step of the wizard asks for each field (docs/product.md#screens). */
export const STEP_FIELDS: Readonly<Record<WizardStep, readonly BriefField[]>> = {
  1: ['title', 'project_category', 'property_type', 'project_type', 'deliverables'],
  2: ['description', 'design_priority'],
  3: ['inspiration_links', 'room_selection', 'room_notes', 'existing_plans'],
  4: [
    'area_sqft',
    'ceiling_height',
    'preferred_materials',
    'project_address',
    'lot_area',
    'zoning_permit_type',
    'requires_city_review',
    'permit_needs',
  ],
};

export interface BriefIssue {
  field: string;
  message: string;
}

const STEP_OF = /* @__PURE__ */ (() =>
  new Map<string, WizardStep>(
    Object.entries(STEP_FIELDS).flatMap(([step, fields]) =>
      fields.map((field) => [field, Number(step) as WizardStep] as const),
    ),
  ))();

/** Every problem of a brief, each with its field, in the schema's order. */
export function briefIssues(brief: unknown): BriefIssue[] {
  const result = projectBriefSchema.safeParse(brief);
  return result.success
    ? []
    : result.error.issues.map((issue) => ({ field: String(issue.path[0] ?? ''), message: issue.message }));
}

/**
 * The problems a wizard step answers for: the issues of its fields. An issue that names no field of
 * any step counts for the last step, so the wizard never lets through what the API would refuse.
 */
export function stepIssues(brief: unknown, step: WizardStep): BriefIssue[] {
  return briefIssues(brief).filter((issue) => (STEP_OF.get(issue.field) ?? 4) === step);
}
