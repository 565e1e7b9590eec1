import { describe, expect, it } from 'vitest';
import {
  checklistRequestSchema,
  estimateLocally,
  type StudioFigures,
} from '../../functions/features/checklists/estimator/index.js';
import { towardStudio } from '../../functions/features/checklists/estimator/local-estimator.js';
import { buildBrief } from '../../functions/features/checklists/estimator/prompt.js';
import { totalHours } from '../../shared/turnaround.js';

/**
 * Estimates that learn: with enough similar deliveries (>= 3), the checklist step is given the
 * studio's own turnaround, and its estimate moves toward it; with fewer, nothing changes.
 */
const request = checklistRequestSchema.parse({
  title: 'Ranch kitchen',
  project_category: 'Design',
  project_type: 'Concept Design',
  property_type: 'single_family',
  deliverables: ['Layout Plan', 'Concept Render'],
  description: 'Open the kitchen to the dining room.',
  area_sqft: 1500,
});
const generic = estimateLocally(request);
const record = (deliveries: number, median_actual_days: number): StudioFigures => ({
  deliveries,
  median_actual_days,
  median_estimated_days: generic.suggested_turnaround_days,
});

describe('local estimator with the studio record', () => {
  it("without a record, or with fewer than 3 deliveries, the estimate is the brief's alone", () => {
    expect(generic).toMatchObject({ estimate_basis: 'generic', studio: null });
    const few = estimateLocally(request, record(2, 20));
    expect(few.checklist).toEqual(generic.checklist);
    expect(few).toMatchObject({ estimate_basis: 'generic', studio: null });
  });

  it('a slower studio moves the estimate up toward its actual days, further with more deliveries', () => {
    const three = estimateLocally(request, record(3, 12));
    const eighteen = estimateLocally(request, record(18, 12));
    expect(three).toMatchObject({ estimate_basis: 'studio', studio: record(3, 12) });
    expect(three.suggested_turnaround_days).toBeGreaterThan(generic.suggested_turnaround_days);
    expect(eighteen.suggested_turnaround_days).toBeGreaterThan(three.suggested_turnaround_days);
    // Aimed at actual - 1, so the usual delivery lands mid-range (N to N+2); never past it.
    expect(eighteen.suggested_turnaround_days).toBeLessThanOrEqual(11);
    expect(three.checklist.map((task) => task.task)).toEqual(generic.checklist.map((task) => task.task));
    expect(three.total_estimated_hours).toBe(totalHours(three.checklist));
  });

  it('a faster studio moves it down; one estimate moves at most to half or double', () => {
    const faster = estimateLocally(request, record(10, 2));
    expect(faster.suggested_turnaround_days).toBeLessThan(generic.suggested_turnaround_days);
    const extreme = towardStudio(generic.checklist, record(1000, 100));
    expect(totalHours(extreme)).toBeLessThanOrEqual(generic.total_estimated_hours * 2 + generic.checklist.length * 0.5);
  });
});

describe('Bedrock is given the studio record in the brief', () => {
  it('the brief states the record and the target; without one it says nothing of it', () => {
    const brief = buildBrief(request, record(7, 9));
    expect(brief).toContain('The last 7 delivered projects of this category and type took a median of 9 business days');
    expect(brief).toContain('comes close to 8');
    // The record sits before the client's words, outside the markers.
    expect(brief.indexOf("studio's own record")).toBeLessThan(brief.indexOf('<<<BRIEF'));
    expect(buildBrief(request)).not.toContain('record');
  });
});
