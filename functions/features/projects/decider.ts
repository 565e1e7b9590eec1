import {
  ChecklistTaskToggled,
  CommentApproved,
  CommentPosted,
  CommentRejected,
  DesignerAssigned,
  DesignerUnassigned,
  DueDateChanged,
  FileUploaded,
  PriorityChanged,
  ProjectStatusChanged,
  ProjectSubmitted,
} from './events.js';
import type { FileType, Priority, ProjectCategory, ProjectStatus } from '../../../shared/vocabulary.js';
import type { NewEvent } from '../../../events/envelope.js';
import { canonicalEmail } from '../../../shared/email.js';
import { DESCRIPTION_TOO_SHORT, MIN_DESCRIPTION_LENGTH, descriptionLength } from '../../../shared/description.js';
import type { Decider, DecisionContext } from '../../platform/decider.js';
import { conflict, forbidden, invalid, limitReached, notFound } from '../../platform/domain-errors.js';
import {
  DELIVERABLE_FILES_PER_PROJECT_MAX,
  FILES_PER_PROJECT_MAX,
  TOO_MANY_DELIVERABLE_FILES,
  TOO_MANY_PROJECT_FILES,
} from '../../../shared/uploads.js';
import type { ProjectBrief } from './contracts.js';
import { totalHours, turnaroundDays } from '../../../shared/turnaround.js';
import {
  evolveProject,
  initialProjectState,
  PENDING_COMMENTS_MAX,
  PROJECT_SNAPSHOT,
  type ProjectState,
} from './state.js';

/** The state and its fold live in state.ts; they are named here too for the command side. */
export { projectStream } from './state.js';
export type { ProjectFile, ProjectState } from './state.js';

export interface SubmitProjectCommand extends ProjectBrief {
  type: 'SubmitProject';
  project_id: string;
  user_id: string;
  team_id: string | null;
  title: string;
  project_category: ProjectCategory;
  project_type: string;
  property_type: string;
  checklist: { task_name: string; estimated_hours: number }[];
  estimate_basis?: 'studio' | 'generic';
  /**
   * What the estimate receipt proves: the checklist it answered ('generated'), changed ('edited'), or none ('manual').
   */
  checklist_origin: 'generated' | 'edited' | 'manual';
}

export type DesignerChoice =
  | { designer_id: string; designer_name?: string | null; designer_email?: string | null }
  | { designer_email: string; designer_id?: null }
  | null;

export type ProjectCommand =
  | SubmitProjectCommand
  /** `version_of`: a new version of the deliverable with this (v1) file id. */
  | {
      type: 'RecordFile';
      file_id: string;
      file_name: string;
      file_type: FileType;
      file_category: string;
      file_size: number;
      file_url: string;
      version_of?: string;
      page_count?: number;
    }
  /** One change from the management dialog (admin) or the designer's status selector. */
  | {
      type: 'UpdateProject';
      status?: ProjectStatus;
      designer?: DesignerChoice;
      priority?: Priority;
      due_date?: string | null;
    }
  | { type: 'ToggleTask'; checklist_id: string; completed: boolean }
  | { type: 'PostComment'; comment_id: string; content: string }
  | { type: 'ApproveComment'; comment_id: string }
  | { type: 'RejectComment'; comment_id: string };

export const SUBMIT_REFUSED = "Projects are submitted by clients, or by an admin on a client's behalf";

/** Statuses a designer may set (docs/product.md#states); admins may set any. */
export const DESIGNER_STATUSES: readonly ProjectStatus[] = ['in_progress', 'needs_revision'];

const isAdmin = (context: DecisionContext) => context.actor.role === 'admin';

/** The designer the project is assigned to, by id or by the e-mail they were pre-authorised with. */
export function isAssignedTo(
  state: Pick<ProjectState, 'assigned_designer_id' | 'assigned_designer_email'>,
  context: DecisionContext,
): boolean {
  if (context.actor.role !== 'designer') return false;
  return (
    state.assigned_designer_id === context.actor.sub ||
    (!!context.actorEmail && state.assigned_designer_email === canonicalEmail(context.actorEmail))
  );
}

function requireProject(state: ProjectState): void {
  if (!state.exists) throw notFound('Project not found');
}

function decideUpdate(
  command: Extract<ProjectCommand, { type: 'UpdateProject' }>,
  state: ProjectState,
  context: DecisionContext,
): NewEvent[] {
  const admin = isAdmin(context);
  if (!admin && !isAssignedTo(state, context))
    throw forbidden('Only admins and the assigned designer can update this project');
  if (!admin && (command.designer !== undefined || command.priority !== undefined || command.due_date !== undefined)) {
    throw forbidden('Designers can only change the status');
  }
  if (!admin && command.status !== undefined && !DESIGNER_STATUSES.includes(command.status)) {
    throw forbidden('Designers can only set In Progress or Needs Review');
  }
  const events: NewEvent[] = [];
  if (command.status !== undefined && command.status !== state.status) {
    events.push(ProjectStatusChanged.create({ from: state.status, to: command.status }));
  }
  if (command.designer !== undefined) {
    const choice = command.designer;
    if (choice === null) {
      if (state.assigned_designer_id || state.assigned_designer_email) events.push(DesignerUnassigned.create({}));
    } else {
      const designer_id = choice.designer_id ?? null;
      const designer_email = choice.designer_email ? canonicalEmail(choice.designer_email) : null;
      if (!designer_id && !designer_email) throw invalid('Choose a designer');
      if (designer_id !== state.assigned_designer_id || designer_email !== state.assigned_designer_email) {
        events.push(
          DesignerAssigned.create({
            designer_id,
            designer_email,
            designer_name: ('designer_name' in choice ? choice.designer_name : null) ?? null,
          }),
        );
      }
    }
  }
  if (command.priority !== undefined && command.priority !== state.priority)
    events.push(PriorityChanged.create({ priority: command.priority }));
  if (command.due_date !== undefined && command.due_date !== state.due_date)
    events.push(DueDateChanged.create({ due_date: command.due_date }));
  return events;
}

function decideFile(
  command: Extract<ProjectCommand, { type: 'RecordFile' }>,
  state: ProjectState,
  context: DecisionContext,
): NewEvent[] {
  if (state.files.some((file) => file.id === command.file_id)) return [];
  if (command.file_type === 'client_upload') {
    // An admin adds them when submitting on the client's behalf.
    if (state.user_id !== context.actor.sub && !isAdmin(context))
      throw forbidden('Only the project owner can add client files');
  } else if (!isAdmin(context) && !isAssignedTo(state, context)) {
    throw forbidden('Only admins and the assigned designer can upload deliverables');
  }
  // The project's document and the review list every file and version: both are bounded items.
  if (state.files.length >= FILES_PER_PROJECT_MAX) throw limitReached(TOO_MANY_PROJECT_FILES);
  if (
    command.file_type === 'deliverable' &&
    state.files.filter((known) => known.file_type === 'deliverable').length >= DELIVERABLE_FILES_PER_PROJECT_MAX
  ) {
    throw limitReached(TOO_MANY_DELIVERABLE_FILES);
  }
  const { type: _type, version_of, ...file } = command;
  if (version_of === undefined) return [FileUploaded.create(file)];
  if (command.file_type !== 'deliverable') throw invalid('Only deliverables have versions');
  const named = state.files.find((candidate) => candidate.id === version_of);
  if (named?.file_type !== 'deliverable') throw notFound('Deliverable not found');
  // A later version named instead of v1 still means its deliverable.
  const deliverable = named.version_of ?? named.id;
  const current = state.review_standing?.deliverables[deliverable]?.current ?? 1;
  return [FileUploaded.create({ ...file, version_of: deliverable, version: current + 1 })];
}

function decideComment(
  command: Extract<ProjectCommand, { type: 'PostComment' | 'ApproveComment' | 'RejectComment' }>,
  state: ProjectState,
  context: DecisionContext,
): NewEvent[] {
  if (command.type === 'PostComment') {
    if (!isAdmin(context) && !isAssignedTo(state, context))
      throw forbidden('Only admins and the assigned designer can comment');
    const content = command.content.trim();
    if (!content) throw invalid('A comment cannot be empty');
    if (state.pending_comments.length >= PENDING_COMMENTS_MAX) throw limitReached(TOO_MANY_PENDING_COMMENTS);
    return [CommentPosted.create({ comment_id: command.comment_id, content })];
  }
  if (!isAdmin(context)) throw forbidden('Only admins moderate comments');
  // Only a pending comment is moderated: an approved one has left the fold, a rejected one is gone.
  const comment = state.pending_comments.find((candidate) => candidate.id === command.comment_id);
  if (!comment) throw notFound(COMMENT_NOT_PENDING);
  if (command.type === 'ApproveComment') return [CommentApproved.create({ comment_id: comment.id })];
  return [CommentRejected.create({ comment_id: comment.id })];
}

function validateSubmission(command: SubmitProjectCommand): void {
  if (!command.title.trim()) throw invalid('Title is required');
  if (command.deliverables.length === 0) throw invalid('Select at least one deliverable');
  if (descriptionLength(command.description) < MIN_DESCRIPTION_LENGTH) throw invalid(DESCRIPTION_TOO_SHORT);
  if (command.project_category === 'Permit') {
    if (command.area_sqft === null) throw invalid('Building area is required for permit projects');
    if (!command.permit_needs?.trim()) throw invalid('Permit scope summary is required for permit projects');
    if (!command.project_address?.trim()) throw invalid('Project address is required for permit projects');
  }
  if (command.checklist.length === 0) throw invalid('The checklist needs at least one task');
  if (command.checklist.some((task) => !task.task_name.trim())) throw invalid('Please fill in all task names');
  // Each field has a length in characters; together, in bytes, they must leave the project's document
  // room for its files under the bound every stored item has (docs/security.md#bounds).
  const { type: _type, ...brief } = command;
  if (new TextEncoder().encode(JSON.stringify(brief)).length > BRIEF_MAX_BYTES) throw invalid(BRIEF_TOO_LARGE);
}

export const TOO_MANY_PENDING_COMMENTS =
  `${PENDING_COMMENTS_MAX} comments on this project are waiting for ` +
  `moderation: post again once an admin has reviewed them`;
export const COMMENT_NOT_PENDING = 'Comment not found, or already moderated';

/** The brief and checklist of one project, as stored, in UTF-8 bytes (the document adds at most 200 files). */
export const BRIEF_MAX_BYTES = 160 * 1024;
export const BRIEF_TOO_LARGE = 'This brief is too long to store: shorten the description, notes or checklist';

export const projectDecider: Decider<ProjectCommand, ProjectState> = {
  // The functions themselves, not the Evolution's properties: the bundler can then drop an unused decider.
  initialState: initialProjectState,
  evolve: evolveProject,
  snapshot: PROJECT_SNAPSHOT,
  decide(command, state, context) {
    const { actor } = context;
    if (command.type !== 'SubmitProject') requireProject(state);
    switch (command.type) {
      case 'RecordFile':
        return decideFile(command, state, context);
      case 'UpdateProject':
        return decideUpdate(command, state, context);
      case 'ToggleTask': {
        if (!isAdmin(context) && !isAssignedTo(state, context))
          throw forbidden('Only admins and the assigned designer can update tasks');
        const task = state.checklist.find((item) => item.checklist_id === command.checklist_id);
        if (!task) throw notFound('Task not found');
        return task.completed === command.completed
          ? []
          : [ChecklistTaskToggled.create({ checklist_id: task.checklist_id, completed: command.completed })];
      }
      case 'PostComment':
      case 'ApproveComment':
      case 'RejectComment':
        return decideComment(command, state, context);
      case 'SubmitProject': {
        // An admin submits on a client's behalf: the project is the client's, the event says who did it.
        if (actor.role !== 'client' && actor.role !== 'admin' && actor.role !== 'system')
          throw forbidden(SUBMIT_REFUSED);
        if (actor.role === 'client' && command.user_id !== actor.sub) throw forbidden(SUBMIT_REFUSED);
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
};
