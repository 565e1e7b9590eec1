import { HOURS_PER_TURNAROUND_DAY, totalHours, turnaroundDays } from '#shared/turnaround.js';
import {
  MIN_STUDIO_DELIVERIES,
  type ChecklistRequest,
  type ChecklistResult,
  type ChecklistTask,
  type StudioFigures,
} from './schema.js';

/**
 * The deterministic local estimator: the checklist when no Bedrock model is configured (the embedded
 * runtime) and the fallback whenever Bedrock fails, times out or answers badly. Same brief, same
 * checklist. It works the way a studio lead scopes a job:
 *
 * - intake tasks every project needs (review the brief; set up or measure the base drawings);
 * - one task per deliverable, from base hours for a typical 1,500 sq ft home, scaled by the area band
 *   (fully for plans, partly for renders and schedules, not at all for narratives) and by the
 *   property's complexity (multi-family and commercial carry more code and coordination);
 * - context tasks: design priorities and rooms (Design); code research, sheet coordination and a
 *   plan-check allowance when the city reviews (Permit);
 * - a final QA task; hours in half hours; the total and the turnaround (total / 2.5, rounded up) are
 *   computed from the tasks, so they always agree.
 */

type Scaling = 'area' | 'partial' | 'fixed' | 'lot';

interface DeliverableEstimate {
  task: string;
  hours: number;
  scaling: Scaling;
}

/** Base hours for a typical ~1,500 sq ft single-family project, by deliverable name. */
export const DELIVERABLE_ESTIMATES: Readonly<Record<string, DeliverableEstimate>> = {
  // Design
  'Layout Plan': { task: 'Draft the layout plan with furniture and circulation', hours: 3, scaling: 'area' },
  'Concept Render': { task: 'Model and render the concept view', hours: 4, scaling: 'partial' },
  'Style Board': {
    task: 'Assemble the style board: palette, materials, fixtures and references',
    hours: 2,
    scaling: 'fixed',
  },
  'Furniture Layout Plan': {
    task: 'Draft the furniture layout plan with clearances and rug sizes',
    hours: 3,
    scaling: 'area',
  },
  'Interior Elevations': {
    task: 'Draw interior elevations of cabinetry, built-ins, tile and trim',
    hours: 4.5,
    scaling: 'area',
  },
  'Lighting Plan': {
    task: 'Lay out lighting, switching and outlets with a fixture schedule',
    hours: 3,
    scaling: 'area',
  },
  'Finish & Material Schedule': {
    task: 'Compile the finish & material schedule by room with sources',
    hours: 3.5,
    scaling: 'partial',
  },
  '3D Interior Renderings': { task: 'Model and render the main interior views', hours: 7, scaling: 'partial' },
  'Schematic Floor Plans': { task: 'Draft schematic floor plans of every level', hours: 7, scaling: 'area' },
  'Exterior Elevations': {
    task: 'Draw the exterior elevations with heights, openings and materials',
    hours: 5,
    scaling: 'area',
  },
  'Building Sections': {
    task: 'Cut and draw building sections with floor, ceiling and roof heights',
    hours: 4,
    scaling: 'area',
  },
  'Roof Plan': { task: 'Draw the roof plan with pitches, overhangs and drainage', hours: 2.5, scaling: 'area' },
  '3D Massing Model': { task: 'Build the 3D massing model and daylight study', hours: 4.5, scaling: 'partial' },
  'Existing Conditions Plan': {
    task: 'Draft the existing conditions plan from measurements and photos',
    hours: 3.5,
    scaling: 'area',
  },
  'Demolition Plan': {
    task: 'Mark up the demolition plan: walls, fixtures and finishes to remove',
    hours: 2,
    scaling: 'area',
  },
  'Proposed Layout Options': {
    task: 'Develop two proposed layout options and compare them side by side',
    hours: 5.5,
    scaling: 'area',
  },
  'Built-in & Storage Details': {
    task: 'Detail built-ins and storage with dimensions and materials',
    hours: 3.5,
    scaling: 'partial',
  },
  'Landscape Site Plan': {
    task: 'Draft the landscape site plan: zones, paths, patios and structures',
    hours: 4.5,
    scaling: 'lot',
  },
  'Planting Plan': {
    task: 'Select plants for the climate and draft the planting plan with schedule',
    hours: 3.5,
    scaling: 'lot',
  },
  'Hardscape Plan': {
    task: 'Draft the hardscape plan with paving, walls, steps and materials',
    hours: 3.5,
    scaling: 'lot',
  },
  'Outdoor Lighting Plan': {
    task: 'Lay out path, accent and security lighting with circuits',
    hours: 2,
    scaling: 'lot',
  },
  'Outdoor Render': { task: 'Model and render the finished outdoor space', hours: 4.5, scaling: 'partial' },
  'Site Feasibility Plan': {
    task: 'Study site feasibility: setbacks, lot coverage, access and utilities',
    hours: 3.5,
    scaling: 'fixed',
  },
  'ADU / Addition Floor Plan': {
    task: 'Draft the ADU / addition floor plan and its connection to the house',
    hours: 4.5,
    scaling: 'area',
  },
  '3D Exterior Render': { task: 'Model and render the new structure in its setting', hours: 4.5, scaling: 'partial' },
  'Marketing Floor Plan': {
    task: 'Draw the marketing floor plan with room names and sizes',
    hours: 2.5,
    scaling: 'area',
  },
  'Virtual Staging Renders': {
    task: 'Stage and render the listing rooms from the photos',
    hours: 5.5,
    scaling: 'partial',
  },
  'Before & After Improvement Concepts': {
    task: 'Render before & after concepts of the key upgrades',
    hours: 4.5,
    scaling: 'partial',
  },
  'Listing Presentation Board': { task: 'Lay out the listing presentation board', hours: 2, scaling: 'fixed' },
  // Permit
  'Floor Plan': {
    task: 'Draft construction floor plans with dimensions, wall types and keyed notes',
    hours: 7,
    scaling: 'area',
  },
  Elevations: {
    task: 'Draw exterior elevations with heights, materials and openings for plan review',
    hours: 5,
    scaling: 'area',
  },
  'Site Plan': {
    task: 'Draft the site plan: property lines, setbacks, easements, utilities and drainage',
    hours: 4,
    scaling: 'lot',
  },
  'Door & Window Schedule': {
    task: 'Compile the door & window schedule with egress and energy values',
    hours: 2.5,
    scaling: 'area',
  },
  'General Notes Sheet': {
    task: 'Write the general notes sheet: code references, project data and scope',
    hours: 2,
    scaling: 'fixed',
  },
  'Existing & Demolition Plan': { task: 'Draft the existing & demolition plan', hours: 3.5, scaling: 'area' },
  'Proposed Floor Plan': {
    task: 'Draft the proposed floor plan with wall types, dimensions and keyed notes',
    hours: 6,
    scaling: 'area',
  },
  'Reflected Ceiling Plan': {
    task: 'Draw the reflected ceiling plan with lighting and smoke/CO detectors',
    hours: 2.5,
    scaling: 'area',
  },
  'Code Compliance & Accessibility Sheet': {
    task: 'Prepare the code compliance & accessibility sheet (occupancy, egress, access)',
    hours: 3.5,
    scaling: 'fixed',
  },
  'Grading & Drainage Plan': {
    task: 'Draft the grading & drainage plan with existing and proposed grades',
    hours: 4.5,
    scaling: 'lot',
  },
  'Hardscape & Retaining Wall Details': {
    task: 'Detail hardscape and retaining walls: sections, footings and drainage',
    hours: 3.5,
    scaling: 'partial',
  },
  'Planting & Irrigation Plan': {
    task: 'Draft the planting & irrigation plan with water-use calculations',
    hours: 3.5,
    scaling: 'lot',
  },
  'Existing Conditions & Photo Documentation': {
    task: 'Document existing conditions: measured drawings and keyed photos',
    hours: 5,
    scaling: 'area',
  },
  'Existing & Proposed Elevations': {
    task: 'Draw existing & proposed elevations of each affected facade',
    hours: 6,
    scaling: 'area',
  },
  'Historic Materials & Details Sheet': {
    task: 'Detail historic windows, trim, siding and roofing to match the original',
    hours: 4.5,
    scaling: 'partial',
  },
  'Preservation Standards Narrative': {
    task: "Write the preservation narrative against the Secretary of the Interior's Standards",
    hours: 3.5,
    scaling: 'fixed',
  },
};

/** Area bands: a typical 1,500 sq ft home is 1.0. */
export function areaFactor(area: number | null | undefined): number {
  if (!area || area <= 0) return 1;
  if (area < 500) return 0.7;
  if (area < 1_000) return 0.85;
  if (area < 2_000) return 1;
  if (area < 3_000) return 1.2;
  if (area < 4_500) return 1.45;
  if (area < 7_000) return 1.75;
  return 2.2;
}

/** Lot bands for site work: a typical 6,000 sq ft lot is 1.0; without a lot area, the building's band. */
function lotFactor(lot: number | null | undefined, area: number | null | undefined): number {
  if (!lot || lot <= 0) return areaFactor(area);
  if (lot < 3_000) return 0.8;
  if (lot < 8_000) return 1;
  if (lot < 15_000) return 1.25;
  if (lot < 43_560) return 1.5;
  return 2;
}

const PROPERTY_COMPLEXITY: Readonly<Record<string, number>> = {
  single_family: 1,
  adu: 0.9,
  condo: 0.95,
  townhouse: 1,
  vacation_rental: 1.05,
  multi_family: 1.3,
  commercial: 1.4,
};

const ROOM_HOURS: Readonly<Record<string, number>> = {
  Kitchen: 1.5,
  Bathroom: 1.25,
  Bedroom: 0.75,
  'Living Room': 1,
  'Dining Room': 0.75,
  Office: 0.75,
  'Outdoor Space': 1,
};

const PRIORITY_TASKS: Readonly<Record<string, DeliverableEstimate>> = {
  'Layout Optimization': {
    task: 'Study layout alternatives for flow, storage and function',
    hours: 1.5,
    scaling: 'partial',
  },
  'Finishes & Materials': {
    task: 'Research and specify finishes and materials with sources',
    hours: 1.5,
    scaling: 'partial',
  },
  Visualization: { task: 'Refine visualization: lighting, materials and camera views', hours: 1.5, scaling: 'fixed' },
};

/** Half hours, at least half an hour. */
const halfHours = (hours: number) => Math.max(0.5, Math.round(hours * 2) / 2);

function scaled(estimate: DeliverableEstimate, request: ChecklistRequest, complexity: number): number {
  const area = areaFactor(request.area_sqft);
  const factor =
    estimate.scaling === 'area'
      ? area
      : estimate.scaling === 'lot'
        ? lotFactor(request.lot_area, request.area_sqft)
        : estimate.scaling === 'partial'
          ? 1 + (area - 1) * 0.4
          : 1;
  return halfHours(estimate.hours * factor * complexity);
}

export function estimateLocally(request: ChecklistRequest, studio: StudioFigures | null = null): ChecklistResult {
  const tasks: ChecklistTask[] = [];
  const add = (task: string, hours: number) => tasks.push({ task, estimated_hours: halfHours(hours) });
  const permit = request.project_category === 'Permit';
  const complexity = PROPERTY_COMPLEXITY[request.property_type] ?? 1;
  const area = areaFactor(request.area_sqft);
  const deliverables = [...new Set(request.deliverables.map((name) => name.trim()).filter(Boolean))];
  const newBuild = /new construction/i.test(request.project_type);
  const historic = /historic/i.test(request.project_type);

  if (permit) {
    add('Review the permit scope, site photos and any existing plans', 1.5);
    add(
      `Research zoning and building code${request.zoning_permit_type ? ` (${request.zoning_permit_type})` : ''}: ` +
        `setbacks, height, lot coverage and occupancy`,
      (2.5 + (historic ? 1 : 0)) * complexity,
    );
    if (newBuild) add('Set up the drawing set: title block, sheet list and base grid', 1);
    else
      add(
        request.existing_plans
          ? 'Trace the existing plans into the base drawing and verify dimensions'
          : 'Draw the existing-conditions base plan from measurements and photos',
        (request.existing_plans ? 2 : 3) * area,
      );
  } else {
    add('Review the brief, photos and inspiration references', 1);
    add(
      request.existing_plans
        ? 'Set up the base model from the existing plans'
        : 'Build the base model from measurements and photos',
      (request.existing_plans ? 1 : 1.5) * area,
    );
    for (const priority of request.design_priority) {
      const estimate = PRIORITY_TASKS[priority];
      if (estimate) tasks.push({ task: estimate.task, estimated_hours: scaled(estimate, request, 1) });
    }
  }

  for (const name of deliverables) {
    const estimate = DELIVERABLE_ESTIMATES[name] ?? {
      task: `Produce the ${name}`,
      hours: 3,
      scaling: 'partial' as const,
    };
    tasks.push({ task: estimate.task, estimated_hours: scaled(estimate, request, permit ? complexity : 1) });
  }

  if (permit) {
    add(
      'Coordinate sheets: title blocks, sheet index, cross-references and general notes',
      1.5 + Math.max(0, deliverables.length - 3) * 0.5,
    );
    if (request.requires_city_review)
      add('Prepare the plan-check submittal and respond to city review comments', 3 * complexity);
    add('QA the permit set against the local code checklist', 1.5 * (1 + (complexity - 1) * 0.5));
  } else {
    const rooms = request.room_selection.filter((room) => room in ROOM_HOURS);
    if (rooms.length > 0) {
      add(
        `Develop room-by-room design details: ${rooms.join(', ')}`,
        rooms.reduce((sum, room) => sum + ROOM_HOURS[room]!, 0),
      );
    }
    add('Internal QA and client presentation package', 1);
  }

  const learned = studio && studio.deliveries >= MIN_STUDIO_DELIVERIES ? towardStudio(tasks, studio) : null;
  const checklist = learned ?? tasks;
  const total = totalHours(checklist);
  return {
    checklist,
    total_estimated_hours: total,
    suggested_turnaround_days: turnaroundDays(total),
    source: 'local',
    estimate_basis: learned ? 'studio' : 'generic',
    studio: learned ? studio : null,
  };
}

/** How far one estimate may move toward the studio's record: half to double the brief's hours. */
const MAX_STUDIO_FACTOR = 2;

/**
 * Scales every task's hours toward what the studio really takes on similar work. The promise is
 * "N to N+2 business days" with N = hours / 2.5, so the target N is the studio's median actual days
 * less one, putting the typical delivery in the middle of the range. The more deliveries the record
 * holds, the further the estimate moves (3 deliveries: 60% of the way; 18: 90%).
 */
export function towardStudio(tasks: readonly ChecklistTask[], studio: StudioFigures): ChecklistTask[] {
  const hours = totalHours(tasks);
  if (hours <= 0) return [...tasks];
  const targetHours = Math.max(1, studio.median_actual_days - 1) * HOURS_PER_TURNAROUND_DAY;
  const factor = Math.min(MAX_STUDIO_FACTOR, Math.max(1 / MAX_STUDIO_FACTOR, targetHours / hours));
  const weight = studio.deliveries / (studio.deliveries + 2);
  const applied = 1 + weight * (factor - 1);
  return tasks.map((task) => ({ task: task.task, estimated_hours: halfHours(task.estimated_hours * applied) }));
}
