import { evolveTimeline, initialTimeline, type ProjectTimeline } from './timeline.js';
import type { Projection } from '../../platform/views/projector.js';
import type { ViewItem } from '../../platform/views/views.js';
import { INSIGHTS_OPEN, insightsMonthPartition, similarPartition, timelineKey } from './keys.js';

export { INSIGHTS_OPEN, insightsMonthPartition, similarPartition, timelineKey };

/**
 * One compact timeline per project (functions/features/insights/timeline.ts), what GET /api/insights
 * and the checklist step read. Indexed on gsi1 by where it can matter for a date range (open, or the
 * month of its last delivery) and on gsi2 by similar work (delivered only). The figures themselves are
 * computed on read from these timelines, so a fix to a formula needs no rebuild, and a fix to the
 * timeline applies to all history with `npm run replay`.
 */
export const insightsProjection: Projection<ProjectTimeline> = {
  name: 'insights',
  streamPrefix: 'project-',
  initialState: initialTimeline,
  evolve: evolveTimeline,
  commitsChangesOnly: true,
  items(state) {
    if (!state.id || !state.submitted_at) return [];
    const open = state.status !== 'delivered';
    const item: ViewItem = {
      ...timelineKey(state.id),
      gsi1pk: open ? INSIGHTS_OPEN : insightsMonthPartition(state.last_delivered_at!.slice(0, 7)),
      gsi1sk: `${open ? state.submitted_at : state.last_delivered_at}#${state.id}`,
      timeline: JSON.stringify(state),
    };
    if (state.first_delivered_at && state.category && state.type)
      Object.assign(item, {
        gsi2pk: similarPartition(state.category, state.type),
        gsi2sk: `${state.first_delivered_at}#${state.id}`,
      });
    return [item];
  },
};
