import type { EventEnvelope } from '../../../events/envelope.js';
import { projectEvolution, type ProjectState } from './state.js';
import { itemKey, type Projection } from '../../platform/views/projector.js';
import type { ViewItem } from '../../platform/views/views.js';
import { activityEntryFor } from '../activity/texts.js';
import type { ActivityEntry } from '../activity/contracts.js';
import { cardClient, projectCounters, projectIndexItems } from './project-index.js';
import { clientCardKey } from '../users/queries.js';
import {
  activityDayPartition,
  activityPartition,
  commentsPartition,
  designerPartition,
  ownerPartition,
  projectKey,
  teamPartition,
} from './keys.js';

export { activityDayPartition, activityPartition, commentsPartition, projectKey };

/**
 * Per project:
 * - the document (details, checklist, files), listed by gsi1 owner, gsi2 team, gsi3 assigned
 *   designer (by id, or by e-mail before they register) and gsi4 all projects, newest first;
 * - one item per comment (rejected ones leave), pending ones listed on gsi4 'moderation';
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

  lookups(state) {
    return state.exists && state.user_id ? [clientCardKey(state.user_id)] : [];
  },

  items(state, _streamId, looked) {
    if (!state.exists || !state.id) return [];
    const sort = `${state.created_at}#${state.id}`;
    const designer = state.assigned_designer_id ?? state.assigned_designer_email;
    const { comments, review_standing: _standing, ...document } = state;
    const item: ViewItem = {
      ...projectKey(state.id),
      gsi1pk: ownerPartition(String(state.user_id)),
      gsi1sk: sort,
      gsi4pk: 'projects',
      gsi4sk: sort,
      doc: JSON.stringify(document),
    };
    if (state.team_id) Object.assign(item, { gsi2pk: teamPartition(state.team_id), gsi2sk: sort });
    if (designer) Object.assign(item, { gsi3pk: designerPartition(designer), gsi3sk: sort });
    const commentItems = comments.map((comment): ViewItem => {
      const commentItem: ViewItem = {
        pk: commentsPartition(state.id!),
        sk: `${comment.created_at}#${comment.id}`,
        comment: JSON.stringify({ ...comment, project_id: state.id, project_title: state.title }),
      };
      if (!comment.approved)
        Object.assign(commentItem, { gsi4pk: 'moderation', gsi4sk: `${comment.created_at}#${comment.id}` });
      return commentItem;
    });
    const client = state.user_id ? cardClient(looked?.get(itemKey(clientCardKey(state.user_id)))) : null;
    return [item, ...commentItems, ...projectIndexItems(state, client)];
  },

  counters: projectCounters,

  eventItems(event: EventEnvelope, before, after) {
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
  },
};
