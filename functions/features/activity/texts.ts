import type { OneOf } from '../../../events/catalogue.js';
import type { EventEnvelope } from '../../../events/envelope.js';
import { calendarDay, humanize } from '../../../shared/vocabulary.js';
import type { ProjectState } from '../projects/state.js';
import type { ProjectEvent } from '../projects/events.js';
import type { ReviewEvent } from '../reviews/events.js';
import type { PermitEvent } from '../permits/events.js';
import type { ActivityEntry } from './keys.js';
import { noCase } from '../../platform/exhaustive.js';

/*
 * The activity feed's texts, one per project event: the activity feature owns its wording
 * (docs/product.md#calls); the projects projection writes the entries beside the project, in the same
 * fold, so it asks for them here (the rule feature-through-public-surface names this file).
 */

export const COMMENT_POSTED = 'Comment posted';

const quote = (text: string) => `"${text.substring(0, 50)}..."`;

/** A change request's summary as its activity entry quotes it: one line, at most 120 characters. */
export function shortSummary(summary: string, max = 120): string {
  const line = summary.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.substring(0, max - 1).trimEnd()}…` : line;
}

/** 'plan.pdf (v2)': the file of one version of a deliverable, as the project's files know it. */
function versionName(project: ProjectState, deliverableId: string, version: number): string | null {
  const file = project.files.find(
    (candidate) => (candidate.version_of ?? candidate.id) === deliverableId && (candidate.version ?? 1) === version,
  );
  return file ? `${file.file_name} (v${version})` : null;
}

export function activityEntryFor(
  event: EventEnvelope,
  before: ProjectState,
  after: ProjectState,
): Pick<ActivityEntry, 'action' | 'details' | 'metadata'> | null {
  const e = event as OneOf<ProjectEvent | ReviewEvent | PermitEvent, EventEnvelope>;
  switch (e.type) {
    case 'ProjectSubmitted':
      return {
        action: 'Project submitted',
        details: after.title,
        metadata: { checklist_tasks: after.checklist.length },
      };
    case 'FileUploaded':
      if (e.data.version_of)
        return {
          action: 'New deliverable version uploaded',
          details: `${e.data.file_name} (v${e.data.version})`,
          metadata: {
            file_id: e.data.file_id,
            file_type: e.data.file_type,
            version_of: e.data.version_of,
            version: e.data.version,
          },
        };
      return {
        action: e.data.file_type === 'deliverable' ? 'Deliverable uploaded' : 'File uploaded',
        details: e.data.file_name,
        metadata: { file_id: e.data.file_id, file_type: e.data.file_type },
      };
    case 'ChangesRequested': {
      const counted = `Changes requested (${e.data.note_count} ${e.data.note_count === 1 ? 'note' : 'notes'})`;
      // The client's own words travel with the entry, so the studio reads them where it reads the log.
      const summary = e.data.summary?.trim() ? shortSummary(e.data.summary) : null;
      return {
        action: summary ? `${counted}: "${summary}"` : counted,
        details: versionName(after, e.data.deliverable_id, e.data.version),
        metadata: {
          deliverable_id: e.data.deliverable_id,
          version: e.data.version,
          round: e.data.round,
          note_count: e.data.note_count,
        },
      };
    }
    case 'DeliverableApproved':
      return {
        action: 'Deliverable approved',
        details: versionName(after, e.data.deliverable_id, e.data.version),
        metadata: { deliverable_id: e.data.deliverable_id, version: e.data.version },
      };
    case 'ProjectStatusChanged':
      return event.actor.role === 'designer'
        ? {
            action: `Status changed to ${humanize(e.data.to)}`,
            details: `Designer updated status from ${humanize(e.data.from)} to ${humanize(e.data.to)}`,
            metadata: { from: e.data.from, to: e.data.to },
          }
        : {
            action: `Status updated to ${humanize(e.data.to)}`,
            details: null,
            metadata: { from: e.data.from, to: e.data.to },
          };
    case 'DesignerAssigned':
      return {
        action: 'Designer assigned',
        details: e.data.designer_name ?? e.data.designer_email ?? e.data.designer_id,
        metadata: { designer_id: e.data.designer_id, designer_email: e.data.designer_email },
      };
    case 'DesignerUnassigned':
      return {
        action: 'Designer unassigned',
        details: before.assigned_designer_name ?? before.assigned_designer_email ?? null,
        metadata: {},
      };
    case 'PriorityChanged':
      return {
        action: 'Priority changed',
        details: `Priority set to ${e.data.priority}`,
        metadata: { from: before.priority, to: e.data.priority },
      };
    case 'DueDateChanged':
      return {
        action: 'Due date changed',
        details: e.data.due_date ? `Due date set to ${calendarDay(e.data.due_date)}` : 'Due date cleared',
        metadata: { from: before.due_date, to: e.data.due_date },
      };
    case 'ChecklistTaskToggled': {
      const task = after.checklist.find((item) => item.checklist_id === e.data.checklist_id);
      return {
        action: e.data.completed ? 'Task completed' : 'Task reopened',
        details: task?.task_name ?? null,
        metadata: { checklist_id: e.data.checklist_id },
      };
    }
    case 'CommentPosted':
      return { action: COMMENT_POSTED, details: quote(e.data.content), metadata: { comment_id: e.data.comment_id } };
    case 'CommentApproved': {
      const comment = before.pending_comments.find((c) => c.id === e.data.comment_id);
      return {
        action: 'Comment approved',
        details: comment ? quote(comment.opening) : null,
        metadata: { comment_id: e.data.comment_id, approved_by_id: event.actor.sub },
      };
    }
    case 'CommentRejected': {
      const comment = before.pending_comments.find((c) => c.id === e.data.comment_id);
      return {
        action: 'Comment rejected',
        details: comment ? quote(comment.opening) : null,
        metadata: { comment_id: e.data.comment_id, rejected_by_id: event.actor.sub },
      };
    }
    case 'CityCorrectionsReceived': {
      const count = e.data.items.length;
      return {
        action: `City corrections received (${count} ${count === 1 ? 'item' : 'items'})`,
        details: `Plan check round ${e.data.round}`,
        metadata: { round: e.data.round, items: count },
      };
    }
    case 'CorrectionAddressed':
      return {
        action: 'City correction addressed',
        details: `Plan check round ${e.data.round}`,
        metadata: { round: e.data.round, item_id: e.data.item_id },
      };
    case 'ResponseLetterIssued':
      return {
        action: `Response letter ready (round ${e.data.round})`,
        details: e.data.file_name,
        metadata: { round: e.data.round, file_id: e.data.file_id },
      };
    case 'ResubmittedToCity':
      return {
        action: 'Resubmitted to City',
        details: `Plan check round ${e.data.round}`,
        metadata: { round: e.data.round },
      };
    case 'PermitApproved':
      return {
        action: `Permit approved by city (permit ${e.data.permit_number})`,
        details: null,
        metadata: { permit_number: e.data.permit_number, rounds: e.data.rounds },
      };
    // Shown in the review's own view, not in the feed.
    case 'ReviewNotePinned':
    case 'ReviewNoteResolved':
    case 'ReviewNoteReplied':
      return null;
    default:
      return noCase(e, null);
  }
}
