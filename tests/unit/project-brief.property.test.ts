import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DELIVERABLES } from '../../shared/deliverables.js';
import { DESIGN_PRIORITIES, PROJECT_TYPES, ROOMS, propertyTypeOptions } from '../../shared/intake-options.js';
import { ALL_PROPERTY_TYPES } from '../../shared/vocabulary.js';
import { generateChecklistBody } from '../../functions/features/checklists/contracts.js';
import { submitProjectBody } from '../../functions/features/projects/contracts.js';
import { submitCommandOf } from '../../functions/features/projects/submission.js';
import { projectDecider } from '../../functions/features/projects/decider.js';
import {
  initialForm,
  isStepValid,
  toChecklistRequest,
  toSubmission,
  type ReviewTask,
  type Step,
  type WizardForm,
} from '../../web/src/features/projects/components/submit/wizard.js';

/**
 * Issue 20: the wizard and the API judge a brief by the same rules. For generated wizard forms (valid
 * ones, padded descriptions, areas at or below 0, values outside the catalogue, too many links), the
 * wizard lets the client reach 'Generate Checklist' exactly when the API accepts the checklist
 * request, the submission, and the decider the resulting command.
 */

const ALL_TYPES = [...PROJECT_TYPES.Design, ...PROJECT_TYPES.Permit];
const ALL_DELIVERABLES = [...new Set(Object.values(DELIVERABLES).flatMap((list) => list.map((d) => d.name)))];

/** Mostly what a careful client types, often what a careless one or an attacker does. */
const mostly = <T>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 4 }, { arbitrary: bad, weight: 1 });
const text = (max: number) => mostly(fc.string({ minLength: 1, maxLength: max }), fc.constantFrom('', '   '));
const number = mostly(
  fc.double({ min: 1, max: 200_000, noNaN: true }).map(String),
  fc.oneof(
    fc.constantFrom('', '0', '-0', '-12', 'abc', '1e12', '  '),
    fc.double({ min: -10, max: 10, noNaN: true }).map(String),
  ),
);
const description = mostly(
  fc
    .tuple(fc.integer({ min: 280, max: 420 }), fc.nat(300), fc.nat(5))
    .map(([letters, spaces, lead]) => `${' '.repeat(lead)}${'x'.repeat(letters)}${' '.repeat(spaces)}`),
  fc.oneof(
    fc.tuple(fc.nat(299), fc.nat(300)).map(([letters, spaces]) => `${'x'.repeat(letters)}${' '.repeat(spaces)}`),
    fc.tuple(fc.nat(80), fc.nat(200)).map(([a, b]) => `${'word '.repeat(a)}\n\n${'\t'.repeat(b)}`),
  ),
);

const form: fc.Arbitrary<WizardForm> = fc
  .record({
    category: mostly(fc.constantFrom('Design', 'Permit'), fc.constant('')),
    catalogueType: mostly(fc.constant(true), fc.constant(false)),
    type: fc.oneof(fc.constantFrom(...ALL_TYPES), fc.constantFrom('', 'Not A Real Type')),
    catalogueProperty: mostly(fc.constant(true), fc.constant(false)),
    property: fc.oneof(fc.constantFrom(...ALL_PROPERTY_TYPES), fc.constantFrom('', 'castle')),
    ownDeliverables: mostly(fc.constant(true), fc.constant(false)),
    pick: fc.array(fc.nat(), { maxLength: 6 }),
    foreign: fc.subarray([...ALL_DELIVERABLES, 'Custom Signage Package']),
    title: mostly(fc.constant('Ranch house'), text(230)),
    description,
    design_priority: mostly(
      fc.subarray([...DESIGN_PRIORITIES]),
      fc.subarray([...DESIGN_PRIORITIES, 'Cheapest Possible']),
    ),
    room_selection: mostly(fc.subarray([...ROOMS]), fc.subarray([...ROOMS, 'Wine Cellar'])),
    links: mostly(fc.array(fc.webUrl(), { maxLength: 4 }), fc.array(fc.webUrl(), { maxLength: 24 })),
    area_sqft: number,
    ceiling_height: number,
    lot_area: number,
    permit_needs: text(40),
    project_address: text(40),
    room_notes: text(40),
  })
  .map((g) => {
    const category = g.category as WizardForm['project_category'];
    // Mostly a type of the chosen category (what the wizard offers), sometimes any string.
    const offered = category ? PROJECT_TYPES[category] : [];
    const type = g.catalogueType && offered.length ? offered[(g.pick[0] ?? 0) % offered.length]! : g.type;
    const properties = category ? propertyTypeOptions(category).map((option) => option.value) : [];
    const property =
      g.catalogueProperty && properties.length ? properties[(g.pick[1] ?? 0) % properties.length]! : g.property;
    const own = (DELIVERABLES as Record<string, readonly { name: string }[]>)[type]?.map((d) => d.name) ?? [];
    const chosen = [...new Set(g.pick.map((i) => own[i % own.length]!))];
    const deliverables = g.ownDeliverables && own.length ? (chosen.length ? chosen : [own[0]!]) : g.foreign;
    return {
      ...initialForm(),
      title: g.title,
      project_category: category,
      project_type: type,
      property_type: property,
      deliverables,
      description: g.description,
      design_priority: g.design_priority,
      room_selection: g.room_selection,
      inspiration_links: g.links,
      area_sqft: g.area_sqft,
      ceiling_height: g.ceiling_height,
      lot_area: g.lot_area,
      permit_needs: g.permit_needs,
      project_address: g.project_address,
      room_notes: g.room_notes,
    };
  });

const TASKS: ReviewTask[] = [{ key: 't1', task_name: 'Review the brief', hours: '2' }];

function wizardAccepts(f: WizardForm): boolean {
  return ([1, 2, 3, 4] as Step[]).every((step) => isStepValid(f, step));
}

function apiAccepts(f: WizardForm): boolean {
  if (!generateChecklistBody.safeParse(toChecklistRequest(f)).success) return false;
  const body = submitProjectBody.safeParse(toSubmission(f, TASKS, 'local'));
  if (!body.success) return false;
  try {
    projectDecider.decide(
      submitCommandOf({ ...body.data, checklist_origin: 'generated' }, 'P1', { user_id: 'c1', team_id: null }),
      projectDecider.initialState(),
      { actor: { sub: 'c1', role: 'client' }, now: '' },
    );
    return true;
  } catch {
    return false;
  }
}

describe('the wizard and the API agree on every brief', () => {
  it('the wizard reaches Generate Checklist exactly when the API accepts the brief', () => {
    let accepted = 0;
    let refused = 0;
    fc.assert(
      fc.property(form, (f) => {
        const verdict = wizardAccepts(f);
        expect(apiAccepts(f), JSON.stringify(f)).toBe(verdict);
        if (verdict) accepted += 1;
        else refused += 1;
      }),
      { numRuns: 1500 },
    );
    // Both verdicts were exercised, so the agreement is not the trivial one.
    expect(accepted).toBeGreaterThan(20);
    expect(refused).toBeGreaterThan(20);
  });

  it('a brief the wizard accepts is accepted as it is (no value from outside the catalogue gets through)', () => {
    fc.assert(
      fc.property(form, (f) => {
        fc.pre(wizardAccepts(f));
        const request = generateChecklistBody.parse(toChecklistRequest(f));
        expect(PROJECT_TYPES[request.project_category]).toContain(request.project_type);
        const offered = DELIVERABLES[request.project_type as keyof typeof DELIVERABLES].map((d) => d.name);
        for (const deliverable of request.deliverables) expect(offered).toContain(deliverable);
        if (request.area_sqft !== null) expect(request.area_sqft).toBeGreaterThan(0);
      }),
      { numRuns: 500 },
    );
  });
});
