import type { ViewReader } from '../core/view-reader.js';
import type { ViewStore } from '../core/views.js';
import { layoutState, VIEWS_LAYOUT, type LayoutState } from '../consumers/projections/layout.js';

/** The layout the active views were built with, against the one this code's projections write. */
export async function viewsLayout(views: ViewReader): Promise<LayoutState> {
  return layoutState((await views.generations(true)).layout);
}

/**
 * Records this code's layout on views that have nothing to rebuild: a views table created empty
 * beside an empty event store. Anything else gets its layout from a full rebuild (the Replayer).
 */
export async function recordLayoutOfEmptyViews(views: ViewStore): Promise<void> {
  await views.setGenerations({ ...(await views.generations(true)), layout: VIEWS_LAYOUT });
}

/** One line for an operator: what was built, what is needed, and what to run. */
export function describeLayout(state: LayoutState): string {
  const built = state.built === null ? 'no recorded layout (built before layouts were recorded)' : `layout ${state.built}`;
  return state.current
    ? `The views are current: ${built}, this version needs layout ${state.needed}.`
    : `The views need a rebuild: ${built}, this version needs layout ${state.needed}. Run npm run replay (it rebuilds them from the events into a fresh generation; readers switch when it is done).`;
}
