import type { EventEnvelope } from '../../../events/envelope.js';
import { calendarDay, humanize } from '../../../shared/vocabulary.js';
import type { ProjectState } from '../projects/contracts.js';
import type { ActivityEntry } from './keys.js';

/*
 * The activity feed's texts, one per project event: the activity feature owns its wording
 * (docs/product.md#calls); the projects projection writes the entries beside the project, in the same
 * fold, so it asks for them here (the rule feature-through-public-surface names this file).
 */

export const COMMENT_POSTED = 'Comment posted';

const quote = (text: string) => `"${text.substring(0, 50)}..."`;

/** 'plan.pdf (v2)': the file of one version of a deliverable, as the project's files know it. */
function versionName(project: ProjectState, deliverableId: string, version: number): string | null {
  const file = project.files.find((candidate) => (candidate.version_of ?? candidate.id) === deliverableId && (candidate.version ?? 1) === version);
  return file ? `${file.file_name} (v${version})` : null;
}

export function describe(event: EventEnvelope, before: ProjectState, after: ProjectState): Pick<ActivityEntry, 'action' | 'details' | 'metadata'> | null {
  const data = event.data as Record<string, any>;
  switch (event.type) {
    case 'ProjectSubmitted':
      return { action: 'Project submitted', details: after.title, metadata: { checklist_tasks: after.checklist.length } };
    case 'FileUploaded':
      if (data.version_of) return { action: 'New deliverable version uploaded', details: `${data.file_name} (v${data.version})`, metadata: { file_id: data.file_id, file_type: data.file_type, version_of: data.version_of, version: data.version } };
      return { action: data.file_type === 'deliverable' ? 'Deliverable uploaded' : 'File uploaded', details: data.file_name, metadata: { file_id: data.file_id, file_type: data.file_type } };
    case 'ChangesRequested':
      return {
        action: `Changes requested (${data.note_count} ${data.note_count === 1 ? 'note' : 'notes'})`,
        details: versionName(after, data.deliverable_id, data.version),
        metadata: { deliverable_id: data.deliverable_id, version: data.version, round: data.round, note_count: data.note_count },
      };
    case 'DeliverableApproved':
      return { action: 'Deliverable approved', details: versionName(after, data.deliverable_id, data.version), metadata: { deliverable_id: data.deliverable_id, version: data.version } };
    case 'ProjectStatusChanged':
      return event.actor.role === 'designer'
        ? { action: `Status changed to ${humanize(data.to)}`, details: `Designer updated status from ${humanize(data.from)} to ${humanize(data.to)}`, metadata: { from: data.from, to: data.to } }
        : { action: `Status updated to ${humanize(data.to)}`, details: null, metadata: { from: data.from, to: data.to } };
    case 'DesignerAssigned':
      return { action: 'Designer assigned', details: data.designer_name ?? data.designer_email ?? data.designer_id, metadata: { designer_id: data.designer_id, designer_email: data.designer_email } };
    case 'DesignerUnassigned':
      return { action: 'Designer unassigned', details: before.assigned_designer_name ?? before.assigned_designer_email ?? null, metadata: {} };
    case 'PriorityChanged':
      return { action: 'Priority changed', details: `Priority set to ${data.priority}`, metadata: { from: before.priority, to: data.priority } };
    case 'DueDateChanged':
      return { action: 'Due date changed', details: data.due_date ? `Due date set to ${calendarDay(data.due_date)}` : 'Due date cleared', metadata: { from: before.due_date, to: data.due_date } };
    case 'ChecklistTaskToggled': {
      const task = after.checklist.find((item) => item.checklist_id === data.checklist_id);
      return { action: data.completed ? 'Task completed' : 'Task reopened', details: task?.task_name ?? null, metadata: { checklist_id: data.checklist_id } };
    }
    case 'CommentPosted':
      return { action: COMMENT_POSTED, details: quote(data.content), metadata: { comment_id: data.comment_id } };
    case 'CommentApproved': {
      const comment = before.comments.find((c) => c.id === data.comment_id);
      return { action: 'Comment approved', details: comment ? quote(comment.content) : null, metadata: { comment_id: data.comment_id, approved_by_id: event.actor.sub } };
    }
    case 'CommentRejected': {
      const comment = before.comments.find((c) => c.id === data.comment_id);
      return { action: 'Comment rejected', details: comment ? quote(comment.content) : null, metadata: { comment_id: data.comment_id, rejected_by_id: event.actor.sub } };
    }
    default:
      return null;
  }
}
