import type { OneOf } from '../../../events/catalogue.js';
import type { EventEnvelope } from '../../../events/envelope.js';
import type { NotificationKind } from '../../../shared/notification-kinds.js';
import { calendarDay, humanize } from '../../../shared/vocabulary.js';
import type { ProjectState } from '../projects/state.js';
import type { ProjectEvent } from '../projects/events.js';
import type { ReviewEvent } from '../reviews/events.js';
import { noCase } from '../../platform/exhaustive.js';

/**
 * Which project events tell anyone, beside the switch below that says whom: the notifications consumer subscribes
 * to exactly these (infra/routes.ts reads this list). Keyed by every project and review event type, so a new one
 * does not compile until it is decided here and in the switch.
 */
const NOTIFIED = {
  ProjectSubmitted: true,
  ProjectStatusChanged: true,
  FileUploaded: true,
  ChangesRequested: true,
  DeliverableApproved: true,
  CommentPosted: true,
  CommentApproved: true,
  DesignerAssigned: true,
  DesignerUnassigned: true,
  DueDateChanged: true,
  PriorityChanged: false,
  ChecklistTaskToggled: false,
  CommentRejected: false,
  ReviewNotePinned: false,
  ReviewNoteResolved: false,
  ReviewNoteReplied: false,
} as const satisfies Record<(ProjectEvent | ReviewEvent)['type'], boolean>;

/** The event types the notifications consumer receives. */
export const NOTIFIED_EVENT_TYPES: readonly string[] = Object.entries(NOTIFIED)
  .filter(([, notified]) => notified)
  .map(([type]) => type);

/** Someone to tell: an account (sub), or only an address (a designer pre-authorised by e-mail who has none yet). */
export interface Recipient {
  sub: string | null;
  email: string | null;
}

/** One notification for one recipient: what happened, on which project, in one sentence. */
export interface Notice {
  recipient: Recipient;
  kind: NotificationKind;
  project_id: string;
  project_title: string;
  message: string;
  /** Where the project opens for them: the client's dashboard, the designer's board or the admin's. */
  link: string;
}

export type Board = 'client' | 'designer' | 'admin';
const BOARD_PATHS: Record<Board, string> = { client: '/dashboard', designer: '/designer', admin: '/admin' };
export const projectLink = (board: Board, projectId: string) =>
  `${BOARD_PATHS[board]}?project=${encodeURIComponent(projectId)}`;

/** Who the project concerns, besides what its state says. */
export interface ProjectParties {
  /** The state before the event and after it (the same fold the domain uses). */
  before: ProjectState;
  after: ProjectState;
  /** Active members of the project's team (the client's colleagues). */
  teamMembers: readonly string[];
  /** Every admin account. */
  admins: readonly string[];
  /** The account of a designer named only by e-mail, when one has been linked to that address. */
  accountOfEmail: (email: string) => string | null;
}

/** Statuses a client hears about (a project going back to the queue is the studio's business). */
export const CLIENT_STATUSES = new Set(['in_progress', 'needs_revision', 'delivered']);

export const designerOf = (
  state: Pick<ProjectState, 'assigned_designer_id' | 'assigned_designer_email'>,
  parties: ProjectParties,
): Recipient | null => {
  if (state.assigned_designer_id) return { sub: state.assigned_designer_id, email: null };
  if (state.assigned_designer_email)
    return { sub: parties.accountOfEmail(state.assigned_designer_email), email: state.assigned_designer_email };
  return null;
};

const sameDesigner = (a: Recipient | null, b: Recipient | null) =>
  !!a && !!b && ((!!a.sub && a.sub === b.sub) || (!!a.email && a.email === b.email));

/**
 * Who hears about a project event, and what they are told: a pure function of the event, the
 * project's parties and who acted. Nobody is told about their own action; a comment is told only
 * once approved (to the client's side and the designer), while pending only to admins.
 */
export function noticesFor(event: EventEnvelope, parties: ProjectParties): Notice[] {
  const { before, after } = parties;
  const project_id = event.streamId.slice('project-'.length);
  const title = after.title || before.title || 'A project';
  const client: Recipient[] = [after.user_id, ...parties.teamMembers]
    .filter((sub): sub is string => !!sub)
    .map((sub) => ({ sub, email: null }));
  const admins: Recipient[] = parties.admins.map((sub) => ({ sub, email: null }));
  const designer = designerOf(after, parties);
  const out: Notice[] = [];
  const tell = (recipients: readonly (Recipient | null)[], kind: NotificationKind, message: string, board: Board) => {
    for (const recipient of recipients)
      if (recipient)
        out.push({ recipient, kind, project_id, project_title: title, message, link: projectLink(board, project_id) });
  };

  const e = event as OneOf<ProjectEvent | ReviewEvent, EventEnvelope>;
  switch (e.type) {
    case 'ProjectSubmitted':
      tell(admins, 'submission', `New project submitted: ${title}`, 'admin');
      break;
    case 'ProjectStatusChanged': {
      const { to } = e.data;
      if (CLIENT_STATUSES.has(to)) tell(client, 'status', `${title} is now ${humanize(to)}`, 'client');
      if (to === 'needs_revision' && event.actor.role === 'designer')
        tell(admins, 'status', `The designer set ${title} to Needs Revision`, 'admin');
      break;
    }
    case 'FileUploaded': {
      const { file_type, file_name, version_of, version } = e.data;
      if (file_type !== 'deliverable') break;
      if (!version_of) tell(client, 'deliverable', `A deliverable was uploaded to ${title}: ${file_name}`, 'client');
      // After a request for changes, the new version asks the client's side to review again.
      else if (after.review_summary?.ready_for_review)
        tell(client, 'deliverable', `${file_name} (v${version}) is ready for review on ${title}`, 'client');
      else tell(client, 'deliverable', `A new version was uploaded to ${title}: ${file_name} (v${version})`, 'client');
      break;
    }
    case 'ChangesRequested': {
      const { note_count, summary } = e.data;
      const message = `Changes requested on ${title} (${note_count} ${note_count === 1 ? 'note' : 'notes'})`;
      // The designer does the work: their notice (and its e-mail) carries the client's message.
      const said = summary?.replace(/\s+/g, ' ').trim();
      const quoted = said ? `: "${said.length > 300 ? `${said.substring(0, 299).trimEnd()}…` : said}"` : '';
      tell([designer], 'status', `${message}${quoted}`, 'designer');
      tell(admins, 'status', message, 'admin');
      break;
    }
    case 'DeliverableApproved': {
      const { deliverable_id, version } = e.data;
      const file = after.files.find(
        (candidate) =>
          (candidate.version_of ?? candidate.id) === deliverable_id && (candidate.version ?? 1) === version,
      );
      tell(
        [designer],
        'deliverable',
        `The client approved ${file ? `${file.file_name} (v${version})` : 'a deliverable'} on ${title}`,
        'designer',
      );
      break;
    }
    case 'CommentPosted':
      tell(admins, 'moderation', `A comment on ${title} is waiting for moderation`, 'admin');
      break;
    case 'CommentApproved': {
      // The author wrote it: only the others hear of it.
      const author = before.pending_comments.find((comment) => comment.id === e.data.comment_id)?.user_id;
      const others = (recipients: (Recipient | null)[]) =>
        recipients.filter((recipient) => !recipient?.sub || recipient.sub !== author);
      tell(others(client), 'comment', `New comment on ${title}`, 'client');
      tell(others([designer]), 'comment', `New comment on ${title}`, 'designer');
      break;
    }
    case 'DesignerAssigned': {
      const previous = designerOf(before, parties);
      if (!sameDesigner(previous, designer)) {
        tell([designer], 'assignment', `You were assigned ${title}`, 'designer');
        tell([previous], 'assignment', `You were unassigned from ${title}`, 'designer');
      }
      break;
    }
    case 'DesignerUnassigned':
      tell([designerOf(before, parties)], 'assignment', `You were unassigned from ${title}`, 'designer');
      break;
    case 'DueDateChanged': {
      const { due_date } = e.data;
      tell(
        [designer],
        'assignment',
        due_date ? `${title} is now due on ${calendarDay(due_date)}` : `${title} no longer has a due date`,
        'designer',
      );
      break;
    }
    case 'PriorityChanged':
    case 'ChecklistTaskToggled':
    case 'CommentRejected':
    case 'ReviewNotePinned':
    case 'ReviewNoteResolved':
    case 'ReviewNoteReplied':
      break;
    default:
      noCase(e, undefined);
  }
  return withoutActorAndDuplicates(out, event.actor.sub);
}

/** Each recipient once per event (the first notice wins), never the one who acted. */
export function withoutActorAndDuplicates(notices: Notice[], actor: string): Notice[] {
  const seen = new Set<string>();
  return notices.filter((notice) => {
    if (notice.recipient.sub === actor) return false;
    const key = recipientKey(notice.recipient);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A recipient's stable key: the account, else the address. */
export const recipientKey = (recipient: Recipient) =>
  recipient.sub ? `sub:${recipient.sub}` : `email:${recipient.email!.toLowerCase()}`;
