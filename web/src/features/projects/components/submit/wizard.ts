/**
 * The wizard's state and rules (docs/product.md#screens, #states, #validation), as plain functions: no React, so they
 * are tested on their own and the screen stays a thin view over them.
 */
import type { GenerateChecklistBody, GenerateChecklistResponse } from '#features/checklists/contracts.js';
import type { SubmitProjectBody } from '#features/projects/contracts.js';
import type { ProjectCategory } from '#shared/vocabulary.js';
import { MIN_DESCRIPTION_LENGTH } from '#shared/intake-options.js';
import { descriptionLength, stepIssues, type BriefIssue } from '#shared/project-brief.js';

export const STEP_COUNT = 4;
export type Step = 1 | 2 | 3 | 4;

export interface WizardForm {
  /** Admins only: the client the project is for (spec: an admin submits on a client's behalf). */
  client_id: string;
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
  client_id: '',
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

/** Counts what the rule counts (shared/project-brief.ts): padding does not make a brief longer. */
export function descriptionCounter(description: string): string {
  return `${descriptionLength(description)}/${MIN_DESCRIPTION_LENGTH} minimum characters`;
}

/**
 * The problems of one step under the brief's shared schema (shared/project-brief.ts), which the API
 * applies too: step 1 title, category, types and deliverables from the catalogue; step 2 a 300-character
 * description; step 3 links and rooms; step 4 what a permit needs and numbers above 0. An admin's
 * first step also needs the client the project is for.
 */
export function stepProblems(form: WizardForm, step: Step, options: { onBehalf?: boolean } = {}): BriefIssue[] {
  const issues = stepIssues(toChecklistRequest(form), step);
  if (step === 1 && options.onBehalf && !form.client_id)
    issues.unshift({ field: 'client_id', message: 'Choose the client this project is for.' });
  return issues;
}

export function isStepValid(form: WizardForm, step: Step, options: { onBehalf?: boolean } = {}): boolean {
  return stepProblems(form, step, options).length === 0;
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

/** The checklist request (docs/product.md#records) for the form as it stands. */
export function toChecklistRequest(form: WizardForm): GenerateChecklistBody {
  const permit = form.project_category === 'Permit';
  return {
    title: form.title.trim(),
    // An unchosen category stays empty: the schema refuses it rather than assuming Design.
    project_category: form.project_category as ProjectCategory,
    project_type: form.project_type,
    property_type: form.property_type,
    deliverables: form.deliverables,
    design_priority: permit ? [] : form.design_priority,
    description: form.description,
    area_sqft: parseDecimal(form.area_sqft),
    room_selection: permit ? [] : form.room_selection,
    room_notes: permit ? null : textOrNull(form.room_notes),
    inspiration_links: permit ? [] : form.inspiration_links,
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
  return answer.checklist.map((item) => ({
    key: newTaskKey(),
    task_name: item.task,
    hours: String(item.estimated_hours),
  }));
}

/** A new task has an empty name and 1 estimated hour. */
export const blankTask = (): ReviewTask => ({ key: newTaskKey(), task_name: '', hours: '1' });

export const taskHours = (task: ReviewTask) => Math.max(0, parseDecimal(task.hours) ?? 0);

export function totalTaskHours(tasks: readonly ReviewTask[]): number {
  return Math.round(tasks.reduce((sum, task) => sum + taskHours(task), 0) * 100) / 100;
}

/** Total hours divided by 2.5, rounded up (docs/product.md#limits). */
export function turnaroundDaysFor(totalHours: number): number {
  return Math.ceil(Math.round(totalHours * 100) / 100 / 2.5);
}

export const hasBlankTaskName = (tasks: readonly ReviewTask[]) => tasks.some((task) => !task.task_name.trim());

/** The submission (docs/product.md#records): the same brief as the checklist request, with the reviewed checklist. */
export function toSubmission(
  form: WizardForm,
  tasks: readonly ReviewTask[],
  source: GenerateChecklistResponse['source'],
  estimate?: Pick<GenerateChecklistResponse, 'estimate_basis' | 'estimate_receipt'>,
): SubmitProjectBody {
  const total = totalTaskHours(tasks);
  return {
    ...(form.client_id ? { client_id: form.client_id } : {}),
    ...toChecklistRequest(form),
    checklist: tasks.map((task) => ({ task_name: task.task_name.trim(), estimated_hours: taskHours(task) })),
    total_estimated_hours: total,
    estimated_turnaround_days: turnaroundDaysFor(total),
    // The generator the checklist step named, with its receipt: the server records the checklist's
    // origin (and the basis) the receipt proves, and shows the 'AI-generated checklist' flag from it.
    checklist_generator: source,
    ...(estimate ? { estimate_basis: estimate.estimate_basis, estimate_receipt: estimate.estimate_receipt } : {}),
  };
}
