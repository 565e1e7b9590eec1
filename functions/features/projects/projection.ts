import type { EventEnvelope } from '../../../events/envelope.js';
import { projectDocument, projectEvolution, type ProjectState } from './state.js';
import { itemKey, type Projection } from '../../platform/views/projection.js';
import type { ViewItem } from '../../platform/views/views.js';
import { activityEntryFor } from '../activity/texts.js';
import type { ActivityEntry } from '../activity/contracts.js';
import { cardClient, projectCounters, projectIndexItems } from './project-index.js';
import { clientCardKey } from '../users/queries.js';
import {
  activityDayPartition,
  activityPartition,
  commentApprovalKey,
  commentKey,
  type CommentApproval,
  type CommentRecord,
  designerPartition,
  ownerPartition,
  pendingCommentKey,
  projectKey,
  teamPartition,
} from './keys.js';
import { isEvent } from '../../../events/catalogue.js';
import { CommentApproved, CommentPosted, CommentRejected } from './events.js';

export { activityDayPartition, activityPartition, projectKey };

/**
 * Per project:
 * - the document (details, checklist, files), listed by gsi1 owner, gsi2 team, gsi3 assigned
 *   designer (by id, or by e-mail before they register) and gsi4 all projects, newest first;
 * - one item per comment, written once when it is posted (its text, author and time) and removed
 *   when it is rejected; one per approval, written once; and, while it waits, its place in the
 *   moderation queue (gsi4 'moderation'), from the state's pending comments. No text is in the state
 *   (and so in the checkpoint): a project may gather any number of comments in bounded items;
 * - one activity entry per event, written once, listed per project, on gsi4 'activity' and by day
 *   on gsi5 (the global feed's pages);
 * - the board's filter and search index items and column counters (project-index.ts), which show
 *   the client (name, e-mail, company): the user's card item is looked up (`lookups`), and a change
 *   of it re-projects the client's projects (the users projection's `dependents`).
 */
export const projectsProjection: Projection<ProjectState> = {
  name: 'projects',
  streamPrefix: 'project-',
  ...projectEvolution,
  commitsChangesOnly: true,

  lookups(state) {
    return state.exists && state.user_id ? [clientCardKey(state.user_id)] : [];
  },

  items(state, _streamId, looked) {
    if (!state.exists || !state.id) return [];
    const sort = `${state.created_at}#${state.id}`;
    const designer = state.assigned_designer_id ?? state.assigned_designer_email;
    const { pending_comments } = state;
    const item: ViewItem = {
      ...projectKey(state.id),
      gsi1pk: ownerPartition(String(state.user_id)),
      gsi1sk: sort,
      gsi4pk: 'projects',
      gsi4sk: sort,
      doc: JSON.stringify(projectDocument(state)),
    };
    if (state.team_id) Object.assign(item, { gsi2pk: teamPartition(state.team_id), gsi2sk: sort });
    if (designer) Object.assign(item, { gsi3pk: designerPartition(designer), gsi3sk: sort });
    const pendingItems = pending_comments.map(
      (comment): ViewItem => ({
        ...pendingCommentKey(state.id!, comment.created_at, comment.id),
        gsi4pk: 'moderation',
        gsi4sk: `${comment.created_at}#${comment.id}`,
        project_id: state.id,
      }),
    );
    const client = state.user_id ? cardClient(looked?.get(itemKey(clientCardKey(state.user_id)))) : null;
    return [item, ...pendingItems, ...projectIndexItems(state, client)];
  },

  counters: projectCounters,

  eventItems(event: EventEnvelope, before, after) {
    if (!after.id) return [];
    return [...commentItems(event, before, after.id, after.title), ...activityItems(event, before, after)];
  },
};

/** A comment's items as its events make them: its record when posted, its approval, its removal. */
function commentItems(event: EventEnvelope, before: ProjectState, projectId: string, title: string): ViewItem[] {
  if (isEvent(event, CommentPosted)) {
    const record: CommentRecord = {
      id: event.data.comment_id,
      content: event.data.content,
      user_id: event.actor.sub,
      author_role: event.actor.role,
      created_at: event.at,
      project_id: projectId,
      project_title: title,
    };
    return [{ ...commentKey(projectId, event.at, record.id), comment: JSON.stringify(record) }];
  }
  const pending = (id: string) => before.pending_comments.find((comment) => comment.id === id);
  if (isEvent(event, CommentApproved)) {
    if (!pending(event.data.comment_id)) return [];
    const approval: CommentApproval = { approved_by: event.actor.sub, approved_at: event.at };
    return [{ ...commentApprovalKey(projectId, event.data.comment_id), approval: JSON.stringify(approval) }];
  }
  if (isEvent(event, CommentRejected)) {
    const comment = pending(event.data.comment_id);
    // A removal, written once: the comment's text leaves the views with it.
    return comment ? [{ ...commentKey(projectId, comment.created_at, comment.id), deleted: true }] : [];
  }
  return [];
}

function activityItems(event: EventEnvelope, before: ProjectState, after: ProjectState): ViewItem[] {
  const described = activityEntryFor(event, before, after);
  if (!described || !after.id) return [];
  const entry: ActivityEntry = {
    id: event.eventId,
    project_id: after.id,
    project_title: after.title,
    user_id: event.actor.sub,
    actor_role: event.actor.role,
    ...described,
    created_at: event.at,
  };
  const sort = `${event.at}#${event.eventId}`;
  // gsi5: the global feed by day (a page reads one day's partition from where it stopped).
  return [
    {
      pk: activityPartition(after.id),
      sk: sort,
      gsi4pk: 'activity',
      gsi4sk: sort,
      gsi5pk: activityDayPartition(event.at),
      gsi5sk: sort,
      entry: JSON.stringify(entry),
    },
  ];
}
