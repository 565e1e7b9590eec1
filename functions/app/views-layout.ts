import type { ViewReader } from '../platform/views/view-reader.js';
import type { ViewStore } from '../platform/views/views.js';
import { VIEWS_LAYOUT } from '../platform/views/layout.js';

/** What the views were built with against what this code needs (`built` null: never recorded). */
export interface LayoutState {
  built: number | null;
  needed: number;
  current: boolean;
}

/** The layout the active views were built with, against the one this code's projections write. */
export async function viewsLayout(views: ViewReader): Promise<LayoutState> {
  const built = (await views.generations(true)).layout ?? null;
  return { built, needed: VIEWS_LAYOUT, current: built !== null && built >= VIEWS_LAYOUT };
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
  const built =
    state.built === null ? 'no recorded layout (built before layouts were recorded)' : `layout ${state.built}`;
  return state.current
    ? `The views are current: ${built}, this version needs layout ${state.needed}.`
    : `The views need a rebuild: ${built}, this version needs layout ${state.needed}. Run npm run replay (it ` +
        `rebuilds them from the events into a fresh generation; readers switch when it is done).`;
}
