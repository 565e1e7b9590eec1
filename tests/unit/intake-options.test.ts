import { describe, expect, it } from 'vitest';
import { DELIVERABLE_DESCRIPTIONS, DELIVERABLES, deliverablesOf } from '../../shared/deliverables.js';
import {
  CATEGORY_OPTIONS,
  DELIVERABLE_NAMES,
  DESIGN_PRIORITIES,
  DESIGN_PROJECT_TYPES,
  PERMIT_PROJECT_TYPES,
  ROOMS,
  STEP_TITLES,
  categoryOfProjectType,
  deliverableNamesOf,
  propertyTypeOptions,
} from '../../shared/intake-options.js';

describe('intake option lists (docs/product.md#records)', () => {
  it('has the categories, property types, priorities and rooms of the spec', () => {
    expect(CATEGORY_OPTIONS.map((o) => o.label)).toEqual(['Design Project', 'Permit Project']);
    expect(propertyTypeOptions('Design').map((o) => o.value)).toEqual([
      'single_family',
      'adu',
      'condo',
      'townhouse',
      'vacation_rental',
    ]);
    expect(propertyTypeOptions('Permit').map((o) => o.value)).toEqual([
      'single_family',
      'adu',
      'multi_family',
      'commercial',
    ]);
    expect(DESIGN_PRIORITIES).toEqual(['Layout Optimization', 'Finishes & Materials', 'Visualization']);
    expect(ROOMS).toEqual(['Kitchen', 'Bathroom', 'Bedroom', 'Living Room', 'Dining Room', 'Office', 'Outdoor Space']);
  });

  it('has the 7 design and 5 permit project types in the spec order', () => {
    expect(DESIGN_PROJECT_TYPES).toEqual([
      'Concept Design',
      'Interior Design',
      'Architectural Design',
      'Remodel / Space Optimization',
      'Landscape / Outdoor Design',
      'ADU / Addition Design',
      'Real Estate Presentation Design',
    ]);
    expect(PERMIT_PROJECT_TYPES).toEqual([
      'New Construction Permit Set',
      'Remodel / Tenant Improvement Permit Set',
      'ADU / Addition Permit Set',
      'Landscape / Site Improvement Permit',
      'Historic Landmark Permit Set',
    ]);
    expect(categoryOfProjectType('Historic Landmark Permit Set')).toBe('Permit');
    expect(categoryOfProjectType('Interior Design')).toBe('Design');
    expect(categoryOfProjectType('Spaceship')).toBeNull();
  });

  it('uses the two deliverable lists the spec gives, verbatim', () => {
    expect(deliverablesOf('Concept Design').map((d) => d.name)).toEqual([
      'Layout Plan',
      'Concept Render',
      'Style Board',
    ]);
    expect(deliverablesOf('New Construction Permit Set').map((d) => d.name)).toEqual([
      'Floor Plan',
      'Elevations',
      'Site Plan',
      'Door & Window Schedule',
      'General Notes Sheet',
    ]);
    expect(deliverablesOf('')).toEqual([]);
    expect(deliverableNamesOf('Concept Design')).toEqual(['Layout Plan', 'Concept Render', 'Style Board']);
    expect(deliverableNamesOf('Custom Signage')).toEqual([]);
  });

  it(
    'describes every deliverable name of every type, and nothing else (the names and their descriptions ' +
      'live apart)',
    () => {
      expect(Object.keys(DELIVERABLE_DESCRIPTIONS).sort()).toEqual(Object.keys(DELIVERABLE_NAMES).sort());
      for (const [type, names] of Object.entries(DELIVERABLE_NAMES))
        expect(Object.keys(DELIVERABLE_DESCRIPTIONS[type as keyof typeof DELIVERABLE_NAMES]), type).toEqual([...names]);
    },
  );

  it('gives every one of the 12 types 3 to 5 distinct deliverables, each with a one-line description', () => {
    const types = [...DESIGN_PROJECT_TYPES, ...PERMIT_PROJECT_TYPES];
    expect(Object.keys(DELIVERABLES).sort()).toEqual([...types].sort());
    for (const type of types) {
      const list = DELIVERABLES[type];
      expect(list.length, type).toBeGreaterThanOrEqual(3);
      expect(list.length, type).toBeLessThanOrEqual(5);
      expect(new Set(list.map((d) => d.name)).size).toBe(list.length);
      for (const deliverable of list) {
        expect(deliverable.description.length, deliverable.name).toBeGreaterThan(20);
        expect(deliverable.description.length, deliverable.name).toBeLessThanOrEqual(110);
        expect(deliverable.description).not.toContain('\n');
      }
    }
  });

  it('names the steps per category', () => {
    expect(STEP_TITLES.Design).toEqual([
      'Project Basics',
      'Design Details',
      'Uploads & References',
      'Project Specifications & Measurements',
    ]);
    expect(STEP_TITLES.Permit).toEqual([
      'Project Basics',
      'Project Details',
      'Uploads & References',
      'Permit Context & Property Details',
    ]);
  });
});
