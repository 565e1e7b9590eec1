/**
 * The wizard's state and rules (spec/2 §2, §4, §5), as plain functions: no React, so they are tested
 * on their own and the screen stays a thin view over them.
 */
import type { GenerateChecklistBody, GenerateChecklistResponse } from '../../../../functions/api/contracts/checklists.js';
import type { SubmitProjectBody } from '../../../../functions/api/contracts/projects.js';
import type { ProjectCategory } from '../../../../events/vocabulary.js';
import { MIN_DESCRIPTION_LENGTH } from '../../../../events/intake-options.js';

export const STEP_COUNT = 4;
export type Step = 1 | 2 | 3 | 4;

export interface WizardForm {
  title: string;
  project_category: ProjectCategory | '';
  property_type: string;
  project_type: string;
  deliverables: string[];
  description: string;
  design_priority: string[];
  existing_plans: boolean;
  inspiration_links: string[];
  room_selection: string[];
  room_notes: string;
  /** Number inputs keep what was typed; they are parsed when sent. */
  area_sqft: string;
  ceiling_height: string;
  preferred_materials: string;
  project_address: string;
  lot_area: string;
  zoning_permit_type: string;
  requires_city_review: boolean;
  /** The permit scope summary. */
  permit_needs: string;
}

export const initialForm = (): WizardForm => ({
  title: '',
  project_category: '',
  property_type: '',
  project_type: '',
  deliverables: [],
  description: '',
  design_priority: [],
  existing_plans: false,
  inspiration_links: [],
  room_selection: [],
  room_notes: '',
  area_sqft: '',
  ceiling_height: '',
  preferred_materials: '',
  project_address: '',
  lot_area: '',
  zoning_permit_type: '',
  requires_city_review: false,
  permit_needs: '',
});

/** Changing the category clears the project type, the property type and the deliverables. */
export function withCategory(form: WizardForm, category: ProjectCategory | ''): WizardForm {
  if (category === form.project_category) return form;
  return { ...form, project_category: category, project_type: '', property_type: '', deliverables: [] };
}

/** Changing the project type clears the deliverables. */
export function withProjectType(form: WizardForm, projectType: string): WizardForm {
  if (projectType === form.project_type) return form;
  return { ...form, project_type: projectType, deliverables: [] };
}

export function toggle(list: readonly string[], value: string, on: boolean): string[] {
  const without = list.filter((item) => item !== value);
  return on ? [...without, value] : without;
}

/** Numbers parse as decimals; an empty (or unreadable) number becomes null. */
export function parseDecimal(value: string): number | null {
  const text = value.trim();
  if (!text) return null;
  const number = Number.parseFloat(text.replace(',', '.'));
  return Number.isFinite(number) ? number : null;
}

const filled = (value: string) => value.trim().length > 0;

export function descriptionCounter(description: string): string {
  return `${description.length}/${MIN_DESCRIPTION_LENGTH} minimum characters`;
}

/**
 * Step 1: title, category, project type, property type and at least one deliverable. Step 2: a
 * description of at least 300 characters. Step 3: always. Step 4: Permit needs the building area, the
 * permit scope summary and the address; Design is always valid.
 */
export function isStepValid(form: WizardForm, step: Step): boolean {
  switch (step) {
    case 1:
      return filled(form.title) && form.project_category !== '' && filled(form.project_type) && filled(form.property_type) && form.deliverables.length > 0;
    case 2:
      return form.description.length >= MIN_DESCRIPTION_LENGTH;
    case 3:
      return true;
    case 4:
      return form.project_category !== 'Permit' || (parseDecimal(form.area_sqft) !== null && filled(form.permit_needs) && filled(form.project_address));
  }
}

const textOrNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * An inspiration link as typed, trimmed, with https:// added when no scheme was given; null when
 * empty or not a web address.
 */
export function normaliseLink(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? withScheme : null;
  } catch {
    return null;
  }
}

/** The checklist request (spec/2 §3) for the form as it stands. */
export function toChecklistRequest(form: WizardForm): GenerateChecklistBody {
  const permit = form.project_category === 'Permit';
  return {
    title: form.title.trim(),
    project_category: form.project_category || 'Design',
    project_type: form.project_type,
    property_type: form.property_type,
    deliverables: form.deliverables,
    design_priority: permit ? [] : form.design_priority,
    description: form.description,
    area_sqft: parseDecimal(form.area_sqft),
    room_selection: permit ? [] : form.room_selection,
    room_notes: permit ? null : textOrNull(form.room_notes),
    existing_plans: form.existing_plans,
    permit_needs: permit ? textOrNull(form.permit_needs) : null,
    ceiling_height: permit ? null : parseDecimal(form.ceiling_height),
    preferred_materials: permit ? null : textOrNull(form.preferred_materials),
    project_address: textOrNull(form.project_address),
    lot_area: permit ? parseDecimal(form.lot_area) : null,
    zoning_permit_type: permit ? textOrNull(form.zoning_permit_type) : null,
    requires_city_review: permit ? form.requires_city_review : null,
  };
}

export interface ReviewTask {
  key: string;
  task_name: string;
  /** As typed in the hours field. */
  hours: string;
}

let taskKeys = 0;
export const newTaskKey = () => `task-${(taskKeys += 1)}`;

export function reviewTasksFrom(answer: Pick<GenerateChecklistResponse, 'checklist'>): ReviewTask[] {
  return answer.checklist.map((item) => ({ key: newTaskKey(), task_name: item.task, hours: String(item.estimated_hours) }));
}

/** A new task has an empty name and 1 estimated hour. */
export const blankTask = (): ReviewTask => ({ key: newTaskKey(), task_name: '', hours: '1' });

export const taskHours = (task: ReviewTask) => Math.max(0, parseDecimal(task.hours) ?? 0);

export function totalTaskHours(tasks: readonly ReviewTask[]): number {
  return Math.round(tasks.reduce((sum, task) => sum + taskHours(task), 0) * 100) / 100;
}

/** Total hours divided by 2.5, rounded up (spec/2 §9). */
export function turnaroundDaysFor(totalHours: number): number {
  return Math.ceil(Math.round(totalHours * 100) / 100 / 2.5);
}

export const hasBlankTaskName = (tasks: readonly ReviewTask[]) => tasks.some((task) => !task.task_name.trim());

/** The submission (spec/2 §3) with the reviewed checklist. */
export function toSubmission(form: WizardForm, tasks: readonly ReviewTask[], source: GenerateChecklistResponse['source']): SubmitProjectBody {
  const request = toChecklistRequest(form);
  const permit = form.project_category === 'Permit';
  const total = totalTaskHours(tasks);
  return {
    title: request.title,
    project_category: request.project_category,
    project_type: request.project_type,
    property_type: request.property_type,
    description: request.description ?? '',
    design_priority: request.design_priority ?? [],
    area_sqft: request.area_sqft ?? null,
    existing_plans: form.existing_plans,
    permit_needs: request.permit_needs ?? null,
    deliverables: request.deliverables,
    room_selection: request.room_selection ?? [],
    room_notes: request.room_notes ?? null,
    inspiration_links: permit ? [] : form.inspiration_links,
    project_address: request.project_address ?? null,
    specifications: permit
      ? { lot_area: request.lot_area ?? null, zoning_permit_type: request.zoning_permit_type ?? null, requires_city_review: request.requires_city_review ?? null }
      : { ceiling_height: request.ceiling_height ?? null, preferred_materials: request.preferred_materials ?? null },
    checklist: tasks.map((task) => ({ task_name: task.task_name.trim(), estimated_hours: taskHours(task) })),
    total_estimated_hours: total,
    estimated_turnaround_days: turnaroundDaysFor(total),
    grok_generated: true,
    checklist_source: source,
  };
}
