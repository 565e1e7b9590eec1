import type { ActivityEntry } from '../consumers/projections/activity-log.js';
import { ACTIVITY_LIMIT, type ActivityKind, type ActivityType, type GlobalActivity } from '../api/contracts/admin.js';
import type { Runtime } from '../core/runtime.js';
import { usersById } from './users-admin.js';

/**
 * The global activity feed (spec/2 §2 Global Activity): every project's activity entries from the
 * projects projection (gsi4 'activity'), newest first, at most 100, with the actor's name.
 */

/** Comment, file or status, by what the action says; anything else is 'other'. */
export function activityKind(action: string): ActivityKind {
  const text = action.toLowerCase();
  if (text.includes('comment')) return 'comment';
  if (text.includes('file') || text.includes('deliverable')) return 'file';
  if (text.includes('status')) return 'status';
  return 'other';
}

const TYPE_KIND: Record<Exclude<ActivityType, 'all'>, ActivityKind> = { comments: 'comment', files: 'file', status: 'status' };

export interface ActivityFilter {
  q?: string;
  type?: ActivityType;
}

function matches(activity: GlobalActivity, filter: ActivityFilter): boolean {
  if (filter.type && filter.type !== 'all' && activity.kind !== TYPE_KIND[filter.type]) return false;
  const q = filter.q?.trim().toLowerCase();
  if (!q) return true;
  return [activity.action, activity.details, activity.project_title, activity.user_name].some((text) => text?.toLowerCase().includes(q));
}

export async function globalActivity(runtime: Runtime, filter: ActivityFilter = {}): Promise<GlobalActivity[]> {
  const { active } = await runtime.views.generations();
  const filtered = !!filter.q?.trim() || (!!filter.type && filter.type !== 'all');
  // Unfiltered, the newest 100 are all that is read; a filter looks through the whole feed.
  const items = await runtime.views.query(active, { index: 'gsi4', pk: 'activity' }, filtered ? {} : { limit: ACTIVITY_LIMIT });
  const entries = items.map((item) => JSON.parse(item.entry as string) as ActivityEntry);
  const people = await usersById(runtime, entries.map((entry) => entry.user_id));
  const out: GlobalActivity[] = [];
  for (const entry of entries) {
    const person = people.get(entry.user_id);
    const activity: GlobalActivity = {
      id: entry.id,
      project_id: entry.project_id,
      project_title: entry.project_title,
      user_id: entry.user_id,
      user_name: person ? (person.full_name ?? person.email ?? 'Unknown User') : entry.actor_role === 'system' ? 'System' : 'Unknown User',
      actor_role: entry.actor_role,
      action: entry.action,
      details: entry.details,
      kind: activityKind(entry.action),
      created_at: entry.created_at,
    };
    if (!matches(activity, filter)) continue;
    out.push(activity);
    if (out.length === ACTIVITY_LIMIT) break;
  }
  return out;
}
