/**
 * The wizard's fixed option lists (docs/product.md#records), plain data that the SPA and the API both import.
 * The spec gives the deliverables of two project types (Concept Design and New Construction Permit
 * Set, used verbatim); the other ten are ours, written as a residential drafting studio scopes work:
 * 3 to 5 drawings or documents per type, each with the one line a client needs to choose it.
 */
import { DESIGN_PRIORITIES, PROPERTY_TYPES, ROOMS, type ProjectCategory } from './vocabulary.js';

export { DESIGN_PRIORITIES, ROOMS, PROPERTY_TYPES };

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export const CATEGORY_OPTIONS: readonly Option<ProjectCategory>[] = [
  { value: 'Design', label: 'Design Project' },
  { value: 'Permit', label: 'Permit Project' },
];

const PROPERTY_TYPE_LABELS: Record<string, string> = {
  single_family: 'Single Family',
  adu: 'ADU',
  condo: 'Condo',
  townhouse: 'Townhouse',
  vacation_rental: 'Vacation Rental',
  multi_family: 'Multi-Family',
  commercial: 'Commercial',
};

/** A stored property type as the wizard names it ('single_family' → 'Single Family'), or null. */
export const propertyTypeLabel = (value: string): string | null => PROPERTY_TYPE_LABELS[value] ?? null;

export function propertyTypeOptions(category: ProjectCategory): Option[] {
  return PROPERTY_TYPES[category].map((value) => ({ value, label: PROPERTY_TYPE_LABELS[value] ?? value }));
}

export const DESIGN_PROJECT_TYPES = [
  'Concept Design',
  'Interior Design',
  'Architectural Design',
  'Remodel / Space Optimization',
  'Landscape / Outdoor Design',
  'ADU / Addition Design',
  'Real Estate Presentation Design',
] as const;

export const PERMIT_PROJECT_TYPES = [
  'New Construction Permit Set',
  'Remodel / Tenant Improvement Permit Set',
  'ADU / Addition Permit Set',
  'Landscape / Site Improvement Permit',
  'Historic Landmark Permit Set',
] as const;

export type DesignProjectType = (typeof DESIGN_PROJECT_TYPES)[number];
export type PermitProjectType = (typeof PERMIT_PROJECT_TYPES)[number];
export type ProjectType = DesignProjectType | PermitProjectType;

export const PROJECT_TYPES: Readonly<Record<ProjectCategory, readonly ProjectType[]>> = {
  Design: DESIGN_PROJECT_TYPES,
  Permit: PERMIT_PROJECT_TYPES,
};

/**
 * Each project type's deliverables, by name: what the API checks a brief against. What each one is
 * (the line the wizard shows under it, which the checklist prompt also gives the model) is in
 * shared/deliverables.ts, which the API's validation does not bundle.
 */
export const DELIVERABLE_NAMES: Readonly<Record<ProjectType, readonly string[]>> = {
  // Design
  'Concept Design': ['Layout Plan', 'Concept Render', 'Style Board'],
  'Interior Design': [
    'Furniture Layout Plan',
    'Interior Elevations',
    'Lighting Plan',
    'Finish & Material Schedule',
    '3D Interior Renderings',
  ],
  'Architectural Design': [
    'Schematic Floor Plans',
    'Exterior Elevations',
    'Building Sections',
    'Roof Plan',
    '3D Massing Model',
  ],
  'Remodel / Space Optimization': [
    'Existing Conditions Plan',
    'Demolition Plan',
    'Proposed Layout Options',
    'Built-in & Storage Details',
  ],
  'Landscape / Outdoor Design': [
    'Landscape Site Plan',
    'Planting Plan',
    'Hardscape Plan',
    'Outdoor Lighting Plan',
    'Outdoor Render',
  ],
  'ADU / Addition Design': [
    'Site Feasibility Plan',
    'ADU / Addition Floor Plan',
    'Exterior Elevations',
    '3D Exterior Render',
  ],
  'Real Estate Presentation Design': [
    'Marketing Floor Plan',
    'Virtual Staging Renders',
    'Before & After Improvement Concepts',
    'Listing Presentation Board',
  ],
  // Permit
  'New Construction Permit Set': [
    'Floor Plan',
    'Elevations',
    'Site Plan',
    'Door & Window Schedule',
    'General Notes Sheet',
  ],
  'Remodel / Tenant Improvement Permit Set': [
    'Existing & Demolition Plan',
    'Proposed Floor Plan',
    'Reflected Ceiling Plan',
    'Door & Window Schedule',
    'Code Compliance & Accessibility Sheet',
  ],
  'ADU / Addition Permit Set': ['Site Plan', 'Floor Plan', 'Elevations', 'Building Sections', 'Roof Plan'],
  'Landscape / Site Improvement Permit': [
    'Site Plan',
    'Grading & Drainage Plan',
    'Hardscape & Retaining Wall Details',
    'Planting & Irrigation Plan',
  ],
  'Historic Landmark Permit Set': [
    'Existing Conditions & Photo Documentation',
    'Proposed Floor Plan',
    'Existing & Proposed Elevations',
    'Historic Materials & Details Sheet',
    'Preservation Standards Narrative',
  ],
};

export function projectTypesOf(category: ProjectCategory | '' | null | undefined): readonly ProjectType[] {
  return category ? PROJECT_TYPES[category] : [];
}

export function deliverableNamesOf(projectType: string | null | undefined): readonly string[] {
  return projectType && projectType in DELIVERABLE_NAMES ? DELIVERABLE_NAMES[projectType as ProjectType] : [];
}

export function categoryOfProjectType(projectType: string): ProjectCategory | null {
  if ((DESIGN_PROJECT_TYPES as readonly string[]).includes(projectType)) return 'Design';
  if ((PERMIT_PROJECT_TYPES as readonly string[]).includes(projectType)) return 'Permit';
  return null;
}

/** The wizard's step titles (docs/product.md#screens). */
export const STEP_TITLES: Readonly<Record<ProjectCategory, readonly [string, string, string, string]>> = {
  Design: ['Project Basics', 'Design Details', 'Uploads & References', 'Project Specifications & Measurements'],
  Permit: ['Project Basics', 'Project Details', 'Uploads & References', 'Permit Context & Property Details'],
};

export { MIN_DESCRIPTION_LENGTH } from './description.js';
export const CEILING_HEIGHT_STEP = 0.5;
