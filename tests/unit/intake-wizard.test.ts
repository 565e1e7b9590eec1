import { describe, expect, it } from 'vitest';
import { submitProjectBody } from '../../functions/features/projects/contracts.js';
import { generateChecklistBody } from '../../functions/features/checklists/contracts.js';
import { estimateLocally } from '../../functions/features/checklists/estimator/index.js';
import {
  addFiles,
  isUploading,
  pendingUploads,
} from '../../web/src/features/projects/components/submit/uploads-state.js';
import {
  blankTask,
  descriptionCounter,
  hasBlankTaskName,
  initialForm,
  isStepValid,
  normaliseLink,
  parseDecimal,
  reviewTasksFrom,
  toChecklistRequest,
  toSubmission,
  totalTaskHours,
  turnaroundDaysFor,
  withCategory,
  withProjectType,
  type WizardForm,
} from '../../web/src/features/projects/components/submit/wizard.js';

const LONG = 'A'.repeat(300);

const designForm = (patch: Partial<WizardForm> = {}): WizardForm => ({
  ...initialForm(),
  title: '  Ranch house  ',
  project_category: 'Design',
  property_type: 'single_family',
  project_type: 'Concept Design',
  deliverables: ['Layout Plan'],
  description: LONG,
  design_priority: ['Visualization'],
  inspiration_links: ['https://example.com/a'],
  room_selection: ['Kitchen'],
  room_notes: ' Keep the window ',
  area_sqft: '1850',
  ceiling_height: '9.5',
  preferred_materials: 'Oak',
  ...patch,
});

const permitForm = (patch: Partial<WizardForm> = {}): WizardForm =>
  designForm({
    project_category: 'Permit',
    property_type: 'commercial',
    project_type: 'New Construction Permit Set',
    deliverables: ['Floor Plan', 'Site Plan'],
    project_address: '1 Main St',
    permit_needs: 'New two-storey office',
    lot_area: '6000',
    zoning_permit_type: 'C-2',
    requires_city_review: true,
    ...patch,
  });

describe('wizard rules (docs/product.md#states, #validation)', () => {
  it(
    'clears type, property type and deliverables when the ' + 'category changes; deliverables when the type changes',
    () => {
      const form = designForm();
      expect(withCategory(form, 'Permit')).toMatchObject({
        project_category: 'Permit',
        project_type: '',
        property_type: '',
        deliverables: [],
        title: form.title,
      });
      expect(withCategory(form, 'Design')).toBe(form);
      expect(withProjectType(form, 'Interior Design')).toMatchObject({
        project_type: 'Interior Design',
        deliverables: [],
        property_type: 'single_family',
      });
    },
  );

  it('validates each step', () => {
    expect(isStepValid(initialForm(), 1)).toBe(false);
    expect(isStepValid(designForm(), 1)).toBe(true);
    expect(isStepValid(designForm({ title: '   ' }), 1)).toBe(false);
    expect(isStepValid(designForm({ deliverables: [] }), 1)).toBe(false);
    expect(isStepValid(designForm({ description: 'A'.repeat(299) }), 2)).toBe(false);
    expect(isStepValid(designForm(), 2)).toBe(true);
    expect(isStepValid(initialForm(), 3)).toBe(true);
    expect(isStepValid(designForm({ area_sqft: '', project_address: '' }), 4)).toBe(true);
    expect(isStepValid(permitForm(), 4)).toBe(true);
    expect(isStepValid(permitForm({ area_sqft: '' }), 4)).toBe(false);
    expect(isStepValid(permitForm({ permit_needs: ' ' }), 4)).toBe(false);
    expect(isStepValid(permitForm({ project_address: '' }), 4)).toBe(false);
    expect(descriptionCounter('abc')).toBe('3/300 minimum characters');
    // Spec fidelity (issue 20): padding is not a description, an area must be above 0, and only the
    // catalogue's values pass, as the API rules (shared/project-brief.ts).
    expect(isStepValid(designForm({ description: `${'A'.repeat(40)}${' '.repeat(260)}` }), 2)).toBe(false);
    expect(descriptionCounter(`  ${'A'.repeat(40)}     `)).toBe('40/300 minimum characters');
    expect(isStepValid(permitForm({ area_sqft: '0' }), 4)).toBe(false);
    expect(isStepValid(designForm({ area_sqft: '-5' }), 4)).toBe(false);
    expect(isStepValid(designForm({ project_type: 'Not A Real Type' }), 1)).toBe(false);
    expect(isStepValid(designForm({ deliverables: ['Floor Plan'] }), 1)).toBe(false);
    expect(isStepValid(designForm({ property_type: 'commercial' }), 1)).toBe(false);
    expect(isStepValid(designForm(), 1, { onBehalf: true })).toBe(false);
    expect(isStepValid(designForm({ client_id: 'c1' }), 1, { onBehalf: true })).toBe(true);
  });

  it('parses numbers as decimals, empty as null', () => {
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('  ')).toBeNull();
    expect(parseDecimal('9.5')).toBe(9.5);
    expect(parseDecimal('2400,5')).toBe(2400.5);
    expect(parseDecimal('abc')).toBeNull();
  });

  it('trims inspiration links and adds https:// when no scheme is given', () => {
    expect(normaliseLink('  https://example.com/x  ')).toBe('https://example.com/x');
    expect(normaliseLink('pinterest.com/pin/1')).toBe('https://pinterest.com/pin/1');
    expect(normaliseLink('   ')).toBeNull();
    expect(normaliseLink('javascript:alert(1)')).toBeNull();
  });

  it('reviews tasks: a new one is blank with 1 hour; the turnaround is ceil(total / 2.5)', () => {
    const tasks = [
      ...reviewTasksFrom({
        checklist: [
          { task: 'Plan', estimated_hours: 3 },
          { task: 'Render', estimated_hours: 4.5 },
        ],
      }),
      blankTask(),
    ];
    expect(tasks[2]).toMatchObject({ task_name: '', hours: '1' });
    expect(hasBlankTaskName(tasks)).toBe(true);
    expect(totalTaskHours(tasks)).toBe(8.5);
    expect(turnaroundDaysFor(8.5)).toBe(4);
    expect(turnaroundDaysFor(10)).toBe(4);
    expect(turnaroundDaysFor(10.1)).toBe(5);
  });
});

describe('what the wizard sends matches the API contracts', () => {
  it('builds a Design checklist request and submission the API accepts', () => {
    const request = generateChecklistBody.parse(toChecklistRequest(designForm()));
    expect(request).toMatchObject({
      title: 'Ranch house',
      area_sqft: 1850,
      ceiling_height: 9.5,
      room_notes: 'Keep the window',
      permit_needs: null,
      lot_area: null,
      requires_city_review: null,
    });
    const answer = estimateLocally(request);
    const tasks = reviewTasksFrom(answer);
    const body = submitProjectBody.parse(toSubmission(designForm(), tasks, answer.source));
    expect(body).toMatchObject({
      title: 'Ranch house',
      project_category: 'Design',
      ceiling_height: 9.5,
      preferred_materials: 'Oak',
      inspiration_links: ['https://example.com/a'],
      checklist_generator: 'local',
      total_estimated_hours: answer.total_estimated_hours,
      estimated_turnaround_days: answer.suggested_turnaround_days,
    });
    // The spec's flag is the read model's to derive from the proven origin, not the wizard's to claim.
    expect(body).not.toHaveProperty('grok_generated');
    expect(body.checklist).toEqual(
      answer.checklist.map((t) => ({ task_name: t.task, estimated_hours: t.estimated_hours })),
    );
  });

  it('builds a Permit request and submission without design-only fields', () => {
    const request = generateChecklistBody.parse(toChecklistRequest(permitForm()));
    expect(request).toMatchObject({
      design_priority: [],
      room_selection: [],
      ceiling_height: null,
      lot_area: 6000,
      zoning_permit_type: 'C-2',
      requires_city_review: true,
      permit_needs: 'New two-storey office',
    });
    const body = submitProjectBody.parse(
      toSubmission(
        permitForm(),
        [blankTask()].map((t) => ({ ...t, task_name: 'Floor plan' })),
        'bedrock',
      ),
    );
    expect(body).toMatchObject({
      inspiration_links: [],
      lot_area: 6000,
      zoning_permit_type: 'C-2',
      requires_city_review: true,
      project_address: '1 Main St',
      checklist_generator: 'bedrock',
    });
  });
});

describe('the file list', () => {
  const pdf = (name = 'plan.pdf') => new File(['%PDF'], name, { type: 'application/pdf' });

  it('checks files as they are chosen: refused ones are failed, names sanitised', () => {
    const { items, tooMany } = addFiles(
      [],
      [pdf('../../x y?.pdf'), new File(['x'], 'setup.exe', { type: 'application/x-msdownload' })],
    );
    expect(tooMany).toBe(false);
    expect(items.map((i) => [i.name, i.status, i.error])).toEqual([
      ['_.._x_y_.pdf', 'ready', null],
      ['setup.exe', 'error', 'Invalid file type. Please upload PDF, images, DWG, or document files.'],
    ]);
    expect(pendingUploads(items)).toHaveLength(1);
    expect(isUploading(items)).toBe(false);
    expect(isUploading([{ ...items[0]!, status: 'uploading' }])).toBe(true);
  });

  it('takes at most 10 files: a drop that would exceed it adds none', () => {
    const nine = addFiles(
      [],
      Array.from({ length: 9 }, (_, i) => pdf(`p${i}.pdf`)),
    ).items;
    expect(addFiles(nine, [pdf()]).items).toHaveLength(10);
    const refused = addFiles(nine, [pdf(), pdf()]);
    expect(refused).toMatchObject({ tooMany: true });
    expect(refused.items).toHaveLength(9);
  });
});
