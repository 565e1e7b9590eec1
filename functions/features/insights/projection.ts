import { evolveTimeline, initialTimeline, type ProjectTimeline } from './timeline.js';
import type { Projection } from '../../platform/views/projection.js';
import type { ViewItem } from '../../platform/views/views.js';
import { INSIGHTS_OPEN, insightsMonthPartition, similarPartition, timelineKey } from './keys.js';

export { INSIGHTS_OPEN, insightsMonthPartition, similarPartition, timelineKey };

/**
 * One compact timeline per project (functions/features/insights/timeline.ts), what GET /api/insights
 * and the checklist step read: the projection's state, kept on its checkpoint (`onCheckpoint`), so a
 * step that changes it writes one item. Indexed on gsi1 by where it can matter for a date range (open, or the
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
  // The timeline is the state: it lives on the checkpoint, indexed there (one write a step, not two).
  items: () => [],
  onCheckpoint(state) {
    if (!state.id || !state.submitted_at) return {};
    const open = state.status !== 'delivered';
    const keys: Omit<ViewItem, 'pk' | 'sk'> = {
      gsi1pk: open ? INSIGHTS_OPEN : insightsMonthPartition(state.last_delivered_at!.slice(0, 7)),
      gsi1sk: `${open ? state.submitted_at : state.last_delivered_at}#${state.id}`,
    };
    if (state.first_delivered_at && state.category && state.type)
      Object.assign(keys, {
        gsi2pk: similarPartition(state.category, state.type),
        gsi2sk: `${state.first_delivered_at}#${state.id}`,
      });
    return keys;
  },
};
