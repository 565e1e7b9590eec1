import { ProjectSubmitted, type ChecklistItem, type Priority, type ProjectCategory, type ProjectStatus } from '../../events/index.js';
import type { Decider } from './decider.js';
import { conflict, forbidden, invalid } from './errors.js';
import { totalHours, turnaroundDays } from './turnaround.js';

export const projectStream = (id: string) => `project-${id}`;
export const MIN_DESCRIPTION_LENGTH = 300;

export interface ProjectChecklistItem extends ChecklistItem {
  completed: boolean;
}

export interface ProjectState {
  exists: boolean;
  id: string | null;
  user_id: string | null;
  created_by: string | null;
  team_id: string | null;
  title: string;
  description: string;
  status: ProjectStatus;
  priority: Priority;
  project_category: ProjectCategory | null;
  project_type: string | null;
  property_type: string | null;
  design_priority: string[];
  area_sqft: number | null;
  existing_plans: boolean;
  permit_needs: string | null;
  deliverables: string[];
  room_selection: string[];
  room_notes: string | null;
  inspiration_links: string[];
  project_address: string | null;
  specifications: Record<string, unknown>;
  checklist: ProjectChecklistItem[];
  total_estimated_hours: number;
  estimated_turnaround_days: number | null;
  grok_generated: boolean;
  checklist_source: 'bedrock' | 'local' | 'manual';
  due_date: string | null;
  assigned_designer_id: string | null;
  assigned_designer_email: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface SubmitProjectCommand {
  type: 'SubmitProject';
  project_id: string;
  user_id: string;
  team_id: string | null;
  title: string;
  project_category: ProjectCategory;
  project_type: string;
  property_type: string;
  description: string;
  design_priority: string[];
  area_sqft: number | null;
  existing_plans: boolean;
  permit_needs: string | null;
  deliverables: string[];
  room_selection: string[];
  room_notes: string | null;
  inspiration_links: string[];
  project_address: string | null;
  specifications: Record<string, unknown>;
  checklist: { task_name: string; estimated_hours: number }[];
  grok_generated: boolean;
  checklist_source: 'bedrock' | 'local' | 'manual';
}

export type ProjectCommand = SubmitProjectCommand;

function validateSubmission(command: SubmitProjectCommand): void {
  if (!command.title.trim()) throw invalid('Title is required');
  if (command.deliverables.length === 0) throw invalid('Select at least one deliverable');
  if (command.description.trim().length < MIN_DESCRIPTION_LENGTH) {
    throw invalid(`Description must be at least ${MIN_DESCRIPTION_LENGTH} characters`);
  }
  if (command.project_category === 'Permit') {
    if (command.area_sqft === null) throw invalid('Building area is required for permit projects');
    if (!command.permit_needs?.trim()) throw invalid('Permit scope summary is required for permit projects');
    if (!command.project_address?.trim()) throw invalid('Project address is required for permit projects');
  }
  if (command.checklist.length === 0) throw invalid('The checklist needs at least one task');
  if (command.checklist.some((task) => !task.task_name.trim())) throw invalid('Please fill in all task names');
}

export const projectDecider: Decider<ProjectCommand, ProjectState> = {
  initialState: () => ({
    exists: false,
    id: null,
    user_id: null,
    created_by: null,
    team_id: null,
    title: '',
    description: '',
    status: 'queued',
    priority: 'Normal',
    project_category: null,
    project_type: null,
    property_type: null,
    design_priority: [],
    area_sqft: null,
    existing_plans: false,
    permit_needs: null,
    deliverables: [],
    room_selection: [],
    room_notes: null,
    inspiration_links: [],
    project_address: null,
    specifications: {},
    checklist: [],
    total_estimated_hours: 0,
    estimated_turnaround_days: null,
    grok_generated: false,
    checklist_source: 'manual',
    due_date: null,
    assigned_designer_id: null,
    assigned_designer_email: null,
    created_at: null,
    updated_at: null,
  }),

  decide(command, state, { actor }) {
    switch (command.type) {
      case 'SubmitProject': {
        if (actor.role !== 'client' && actor.role !== 'system') throw forbidden('Only clients submit projects');
        if (state.exists) throw conflict('This project was already submitted');
        validateSubmission(command);
        const { type: _type, checklist, ...submission } = command;
        const items = checklist.map((task, index) => ({
          checklist_id: `${command.project_id}-t${index + 1}`,
          task_name: task.task_name.trim(),
          estimated_hours: task.estimated_hours,
          order_index: index,
        }));
        const hours = totalHours(items);
        return [
          ProjectSubmitted.create({
            ...submission,
            title: submission.title.trim(),
            inspiration_links: submission.inspiration_links.map((link) => link.trim()).filter(Boolean),
            checklist: items,
            total_estimated_hours: hours,
            estimated_turnaround_days: turnaroundDays(hours),
            priority: 'Normal',
          }),
        ];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'ProjectSubmitted': {
        const { project_id, checklist, ...data } = event.data as ReturnType<typeof ProjectSubmitted.create>['data'];
        return {
          ...state,
          ...data,
          exists: true,
          id: project_id,
          created_by: data.user_id,
          status: 'queued',
          checklist: checklist.map((item) => ({ ...item, completed: false })),
          created_at: event.at,
          updated_at: event.at,
        };
      }
      default:
        return state;
    }
  },
};
