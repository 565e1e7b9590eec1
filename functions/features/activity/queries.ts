import { HIDDEN_FROM_PROJECT_FEED, type ActivityEntry } from './keys.js';
import { activityPartition } from '../projects/queries.js';
import type { Runtime } from '../../platform/runtime.js';
import { ACTIVITY_LIMIT } from './contracts.js';

const hidden = new Set(HIDDEN_FROM_PROJECT_FEED);

/**
 * A project's activity log, newest first, at most `limit` entries the feed shows: entries it hides
 * (comment approved, rejected) are skipped before the limit is counted.
 */
export async function activityOfProject(
  runtime: Runtime,
  projectId: string,
  limit = ACTIVITY_LIMIT,
): Promise<ActivityEntry[]> {
  const { active } = await runtime.views.generations();
  const shown: ActivityEntry[] = [];
  // Read in growing slices until enough visible entries are found or the log ends.
  for (let read = limit * 2; ; read *= 4) {
    const items = await runtime.views.query(active, { pk: activityPartition(projectId) }, { limit: read });
    shown.length = 0;
    for (const item of items) {
      const entry = JSON.parse(item.entry as string) as ActivityEntry;
      if (!hidden.has(entry.action)) shown.push(entry);
      if (shown.length === limit) break;
    }
    if (shown.length === limit || items.length < read) return shown;
  }
}
