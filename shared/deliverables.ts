/**
 * What each deliverable of the wizard is: the one line a client reads to choose it (the spec gives
 * those of Concept Design and New Construction Permit Set; the rest are ours), which the checklist
 * prompt also gives the model. Kept apart from the names (shared/intake-options.ts), which are all
 * the API checks, so the routes that validate a brief do not carry this text.
 */
import { DELIVERABLE_NAMES, type ProjectType } from './intake-options.js';

export interface Deliverable {
  name: string;
  description: string;
}

/** By project type, then by name: every name of DELIVERABLE_NAMES, and no other (tests/unit/intake-options.test.ts). */
export const DELIVERABLE_DESCRIPTIONS: Readonly<Record<ProjectType, Readonly<Record<string, string>>>> = {
  // Design
  'Concept Design': {
    'Layout Plan': 'A measured 2D plan of the proposed layout with furniture and circulation.',
    'Concept Render': 'A photorealistic 3D view that shows the look and feel of the key space.',
    'Style Board': 'A curated board of colours, materials, fixtures and reference imagery.',
  },
  'Interior Design': {
    'Furniture Layout Plan': 'Scaled furniture plan with clearances, rug sizes and traffic flow.',
    'Interior Elevations': 'Wall-by-wall elevations of cabinetry, built-ins, tile and trim.',
    'Lighting Plan': 'Fixture, switching and outlet layout with a simple fixture schedule.',
    'Finish & Material Schedule': 'Every finish, fixture and product, by room, with sources and quantities.',
    '3D Interior Renderings': 'Photorealistic views of the main rooms for sign-off before purchasing.',
  },
  'Architectural Design': {
    'Schematic Floor Plans': 'Dimensioned plans of every level with walls, doors, windows and stairs.',
    'Exterior Elevations': 'All four facades with heights, openings, roof lines and materials.',
    'Building Sections': 'Cuts through the building showing floor, ceiling and roof heights.',
    'Roof Plan': 'Roof shapes, pitches, overhangs and drainage direction.',
    '3D Massing Model': 'A 3D study of volume, scale and daylight on the site.',
  },
  'Remodel / Space Optimization': {
    'Existing Conditions Plan': 'As-is plan drawn from your measurements and photos.',
    'Demolition Plan': 'What comes out: walls, fixtures and finishes to be removed, clearly marked.',
    'Proposed Layout Options': 'Two alternative layouts that improve flow, storage and light, compared side by side.',
    'Built-in & Storage Details': 'Dimensioned drawings of cabinetry, shelving and storage solutions.',
  },
  'Landscape / Outdoor Design': {
    'Landscape Site Plan': 'The whole lot: zones, paths, patios, structures and lawn areas.',
    'Planting Plan': 'Plant locations, species and sizes suited to your climate and sun exposure.',
    'Hardscape Plan': 'Paving, walls, steps and edging with materials and dimensions.',
    'Outdoor Lighting Plan': 'Path, accent and security lighting with fixture types and circuits.',
    'Outdoor Render': 'A 3D view of the finished outdoor space.',
  },
  'ADU / Addition Design': {
    'Site Feasibility Plan': 'Where the ADU or addition fits: setbacks, lot coverage, access and utilities.',
    'ADU / Addition Floor Plan': 'A dimensioned plan of the new space and how it connects to the existing home.',
    'Exterior Elevations': 'All four facades with heights, openings, roof lines and materials.',
    '3D Exterior Render': 'A photorealistic view of the new structure in its setting.',
  },
  'Real Estate Presentation Design': {
    'Marketing Floor Plan': 'A clean, branded 2D floor plan with room names and sizes for listings.',
    'Virtual Staging Renders': 'Furnished, styled renders of empty rooms from your listing photos.',
    'Before & After Improvement Concepts': 'Renders showing buyers what targeted upgrades would look like.',
    'Listing Presentation Board': 'One board that combines plan, renders and highlights for marketing.',
  },
  // Permit
  'New Construction Permit Set': {
    'Floor Plan': 'Dimensioned construction floor plans of every level, with wall types and notes.',
    Elevations: 'Exterior elevations with heights, materials and openings for plan review.',
    'Site Plan': 'Property lines, setbacks, easements, structures, utilities and drainage.',
    'Door & Window Schedule': 'Every door and window with size, type, egress and energy values.',
    'General Notes Sheet': 'Code references, project data, scope of work and sheet index.',
  },
  'Remodel / Tenant Improvement Permit Set': {
    'Existing & Demolition Plan': 'The existing layout with walls and fixtures to be removed.',
    'Proposed Floor Plan': 'New construction plan with wall types, dimensions and keyed notes.',
    'Reflected Ceiling Plan': 'Ceiling heights, lighting, fans and smoke and CO detector locations.',
    'Door & Window Schedule': 'Every door and window with size, type, egress and energy values.',
    'Code Compliance & Accessibility Sheet': 'Occupancy, egress and accessibility requirements that apply to the work.',
  },
  'ADU / Addition Permit Set': {
    'Site Plan': 'Property lines, setbacks, easements, structures, utilities and drainage.',
    'Floor Plan': 'Dimensioned construction floor plans of every level, with wall types and notes.',
    Elevations: 'Exterior elevations with heights, materials and openings for plan review.',
    'Building Sections': 'Sections showing framing, insulation, heights and assemblies.',
    'Roof Plan': 'Roof slopes, drainage, overhangs, vents and roof-mounted equipment.',
  },
  'Landscape / Site Improvement Permit': {
    'Site Plan': 'Property lines, setbacks, easements, structures, utilities and drainage.',
    'Grading & Drainage Plan': 'Existing and proposed grades, slopes and where the water goes.',
    'Hardscape & Retaining Wall Details': 'Sections and details for walls, paving, steps and footings.',
    'Planting & Irrigation Plan': 'Plant schedule and water-efficient irrigation layout for landscape review.',
  },
  'Historic Landmark Permit Set': {
    'Existing Conditions & Photo Documentation':
      'Measured drawings and keyed photos of the historic fabric as it stands.',
    'Proposed Floor Plan': 'New construction plan with wall types, dimensions and keyed notes.',
    'Existing & Proposed Elevations': 'Side-by-side elevations showing exactly what changes on each facade.',
    'Historic Materials & Details Sheet': 'Windows, trim, siding and roofing details matched to the original.',
    'Preservation Standards Narrative':
      'How the work meets the Secretary of the Interior’s Standards and local guidelines.',
  },
};

/** A project type's deliverables in the wizard's order, each with its description. */
export function deliverablesOf(projectType: string | null | undefined): readonly Deliverable[] {
  if (!projectType || !(projectType in DELIVERABLE_NAMES)) return [];
  const type = projectType as ProjectType;
  return DELIVERABLE_NAMES[type].map((name) => ({ name, description: DELIVERABLE_DESCRIPTIONS[type][name] ?? '' }));
}

/** Every project type's deliverables with their descriptions. */
export const DELIVERABLES = /* @__PURE__ */ (() =>
  Object.fromEntries(Object.keys(DELIVERABLE_NAMES).map((type) => [type, deliverablesOf(type)])) as Readonly<
    Record<ProjectType, readonly Deliverable[]>
  >)();
