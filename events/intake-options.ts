/**
 * The wizard's fixed option lists (spec/2 §3), plain data that the SPA and the API both import.
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

export interface Deliverable {
  name: string;
  description: string;
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

export const DELIVERABLES: Readonly<Record<ProjectType, readonly Deliverable[]>> = {
  // Design
  'Concept Design': [
    { name: 'Layout Plan', description: 'A measured 2D plan of the proposed layout with furniture and circulation.' },
    { name: 'Concept Render', description: 'A photorealistic 3D view that shows the look and feel of the key space.' },
    { name: 'Style Board', description: 'A curated board of colours, materials, fixtures and reference imagery.' },
  ],
  'Interior Design': [
    { name: 'Furniture Layout Plan', description: 'Scaled furniture plan with clearances, rug sizes and traffic flow.' },
    { name: 'Interior Elevations', description: 'Wall-by-wall elevations of cabinetry, built-ins, tile and trim.' },
    { name: 'Lighting Plan', description: 'Fixture, switching and outlet layout with a simple fixture schedule.' },
    { name: 'Finish & Material Schedule', description: 'Every finish, fixture and product, by room, with sources and quantities.' },
    { name: '3D Interior Renderings', description: 'Photorealistic views of the main rooms for sign-off before purchasing.' },
  ],
  'Architectural Design': [
    { name: 'Schematic Floor Plans', description: 'Dimensioned plans of every level with walls, doors, windows and stairs.' },
    { name: 'Exterior Elevations', description: 'All four facades with heights, openings, roof lines and materials.' },
    { name: 'Building Sections', description: 'Cuts through the building showing floor, ceiling and roof heights.' },
    { name: 'Roof Plan', description: 'Roof shapes, pitches, overhangs and drainage direction.' },
    { name: '3D Massing Model', description: 'A 3D study of volume, scale and daylight on the site.' },
  ],
  'Remodel / Space Optimization': [
    { name: 'Existing Conditions Plan', description: 'As-is plan drawn from your measurements and photos.' },
    { name: 'Demolition Plan', description: 'What comes out: walls, fixtures and finishes to be removed, clearly marked.' },
    { name: 'Proposed Layout Options', description: 'Two alternative layouts that improve flow, storage and light, compared side by side.' },
    { name: 'Built-in & Storage Details', description: 'Dimensioned drawings of cabinetry, shelving and storage solutions.' },
  ],
  'Landscape / Outdoor Design': [
    { name: 'Landscape Site Plan', description: 'The whole lot: zones, paths, patios, structures and lawn areas.' },
    { name: 'Planting Plan', description: 'Plant locations, species and sizes suited to your climate and sun exposure.' },
    { name: 'Hardscape Plan', description: 'Paving, walls, steps and edging with materials and dimensions.' },
    { name: 'Outdoor Lighting Plan', description: 'Path, accent and security lighting with fixture types and circuits.' },
    { name: 'Outdoor Render', description: 'A 3D view of the finished outdoor space.' },
  ],
  'ADU / Addition Design': [
    { name: 'Site Feasibility Plan', description: 'Where the ADU or addition fits: setbacks, lot coverage, access and utilities.' },
    { name: 'ADU / Addition Floor Plan', description: 'A dimensioned plan of the new space and how it connects to the existing home.' },
    { name: 'Exterior Elevations', description: 'All four facades with heights, openings, roof lines and materials.' },
    { name: '3D Exterior Render', description: 'A photorealistic view of the new structure in its setting.' },
  ],
  'Real Estate Presentation Design': [
    { name: 'Marketing Floor Plan', description: 'A clean, branded 2D floor plan with room names and sizes for listings.' },
    { name: 'Virtual Staging Renders', description: 'Furnished, styled renders of empty rooms from your listing photos.' },
    { name: 'Before & After Improvement Concepts', description: 'Renders showing buyers what targeted upgrades would look like.' },
    { name: 'Listing Presentation Board', description: 'One board that combines plan, renders and highlights for marketing.' },
  ],
  // Permit
  'New Construction Permit Set': [
    { name: 'Floor Plan', description: 'Dimensioned construction floor plans of every level, with wall types and notes.' },
    { name: 'Elevations', description: 'Exterior elevations with heights, materials and openings for plan review.' },
    { name: 'Site Plan', description: 'Property lines, setbacks, easements, structures, utilities and drainage.' },
    { name: 'Door & Window Schedule', description: 'Every door and window with size, type, egress and energy values.' },
    { name: 'General Notes Sheet', description: 'Code references, project data, scope of work and sheet index.' },
  ],
  'Remodel / Tenant Improvement Permit Set': [
    { name: 'Existing & Demolition Plan', description: 'The existing layout with walls and fixtures to be removed.' },
    { name: 'Proposed Floor Plan', description: 'New construction plan with wall types, dimensions and keyed notes.' },
    { name: 'Reflected Ceiling Plan', description: 'Ceiling heights, lighting, fans and smoke and CO detector locations.' },
    { name: 'Door & Window Schedule', description: 'Every door and window with size, type, egress and energy values.' },
    { name: 'Code Compliance & Accessibility Sheet', description: 'Occupancy, egress and accessibility requirements that apply to the work.' },
  ],
  'ADU / Addition Permit Set': [
    { name: 'Site Plan', description: 'Property lines, setbacks, easements, structures, utilities and drainage.' },
    { name: 'Floor Plan', description: 'Dimensioned construction floor plans of every level, with wall types and notes.' },
    { name: 'Elevations', description: 'Exterior elevations with heights, materials and openings for plan review.' },
    { name: 'Building Sections', description: 'Sections showing framing, insulation, heights and assemblies.' },
    { name: 'Roof Plan', description: 'Roof slopes, drainage, overhangs, vents and roof-mounted equipment.' },
  ],
  'Landscape / Site Improvement Permit': [
    { name: 'Site Plan', description: 'Property lines, setbacks, easements, structures, utilities and drainage.' },
    { name: 'Grading & Drainage Plan', description: 'Existing and proposed grades, slopes and where the water goes.' },
    { name: 'Hardscape & Retaining Wall Details', description: 'Sections and details for walls, paving, steps and footings.' },
    { name: 'Planting & Irrigation Plan', description: 'Plant schedule and water-efficient irrigation layout for landscape review.' },
  ],
  'Historic Landmark Permit Set': [
    { name: 'Existing Conditions & Photo Documentation', description: 'Measured drawings and keyed photos of the historic fabric as it stands.' },
    { name: 'Proposed Floor Plan', description: 'New construction plan with wall types, dimensions and keyed notes.' },
    { name: 'Existing & Proposed Elevations', description: 'Side-by-side elevations showing exactly what changes on each facade.' },
    { name: 'Historic Materials & Details Sheet', description: 'Windows, trim, siding and roofing details matched to the original.' },
    { name: 'Preservation Standards Narrative', description: 'How the work meets the Secretary of the Interior’s Standards and local guidelines.' },
  ],
};

export function projectTypesOf(category: ProjectCategory | '' | null | undefined): readonly ProjectType[] {
  return category ? PROJECT_TYPES[category] : [];
}

export function deliverablesOf(projectType: string | null | undefined): readonly Deliverable[] {
  return projectType && projectType in DELIVERABLES ? DELIVERABLES[projectType as ProjectType] : [];
}

export function categoryOfProjectType(projectType: string): ProjectCategory | null {
  if ((DESIGN_PROJECT_TYPES as readonly string[]).includes(projectType)) return 'Design';
  if ((PERMIT_PROJECT_TYPES as readonly string[]).includes(projectType)) return 'Permit';
  return null;
}

/** The wizard's step titles (spec/2 §2). */
export const STEP_TITLES: Readonly<Record<ProjectCategory, readonly [string, string, string, string]>> = {
  Design: ['Project Basics', 'Design Details', 'Uploads & References', 'Project Specifications & Measurements'],
  Permit: ['Project Basics', 'Project Details', 'Uploads & References', 'Permit Context & Property Details'],
};

export { MIN_DESCRIPTION_LENGTH } from './description.js';
export const CEILING_HEIGHT_STEP = 0.5;
