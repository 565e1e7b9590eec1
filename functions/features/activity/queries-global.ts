import type { ActivityEntry } from './keys.js';
import type { ActivityKind, ActivityType, GlobalActivity } from '../users/contracts.js';
import type { EventReading, Runtime } from '../../platform/runtime.js';
import { profilesOf } from '../users/queries.js';
import { decodeCursor, encodeCursor, invalidCursor } from '../../platform/views/cursor.js';
import type { PageKey } from '../../platform/views/views.js';

/**
 * The global activity feed (docs/product.md#screens Global Activity): every project's activity entries from the
 * projects projection, newest first, a page at a time, with the actor's name.
 */

/** Comment, file or status, by what the action says; anything else is 'other'. */
export function activityKind(action: string): ActivityKind {
  const text = action.toLowerCase();
  if (text.includes('comment')) return 'comment';
  if (text.includes('file') || text.includes('deliverable')) return 'file';
  if (text.includes('status')) return 'status';
  return 'other';
}

const TYPE_KIND: Record<Exclude<ActivityType, 'all'>, ActivityKind> = {
  comments: 'comment',
  files: 'file',
  status: 'status',
};

export interface ActivityFilter {
  q?: string;
  type?: ActivityType;
}

function matches(activity: GlobalActivity, filter: ActivityFilter): boolean {
  if (filter.type && filter.type !== 'all' && activity.kind !== TYPE_KIND[filter.type]) return false;
  const q = filter.q?.trim().toLowerCase();
  if (!q) return true;
  return [activity.action, activity.details, activity.project_title, activity.user_name].some((text) =>
    text?.toLowerCase().includes(q),
  );
}

/** Days a page may step back through without finding activity before it answers with a cursor. */
const EMPTY_DAYS_PER_PAGE = 31;

const previousDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * One page of the global feed, newest first, day by day (gsi5 `activity-day#<day>`): from today (or
 * where the cursor stopped) back to the first day of the store. A page reads at most `limit` entries
 * per step and at most twice `limit` in all (a filter that matches little answers with fewer and a
 * cursor), and steps over at most a month of empty days, so its cost follows the page.
 */
export async function globalActivityPage(
  runtime: EventReading,
  filter: ActivityFilter,
  page: { scope: string; limit: number; cursor?: string },
): Promise<{ activities: GlobalActivity[]; nextCursor: string | null; read: number }> {
  const today = runtime.now().toISOString().slice(0, 10);
  let day = today;
  let start: PageKey | undefined;
  if (page.cursor) {
    const state = decodeCursor(page.scope, page.cursor);
    if (
      typeof state.d !== 'string' ||
      !/^\d{4}-\d{2}-\d{2}$/.test(state.d) ||
      (state.k !== null && typeof state.k !== 'object')
    )
      throw invalidCursor();
    day = state.d;
    start = (state.k as PageKey | null) ?? undefined;
  }
  const firstDay = (await runtime.store.firstDay()) ?? today;
  const { active } = await runtime.views.generations();
  const entries: ActivityEntry[] = [];
  const out: GlobalActivity[] = [];
  let read = 0;
  let emptyDays = 0;
  let done = false;
  while (out.length < page.limit && read < page.limit * 2 && emptyDays <= EMPTY_DAYS_PER_PAGE) {
    if (day < firstDay) {
      done = true;
      break;
    }
    const result = await runtime.views.page(
      active,
      { index: 'gsi5', pk: `activity-day#${day}` },
      { limit: page.limit - out.length, start },
    );
    read += result.read;
    const batch = result.items.map((item) => JSON.parse(item.entry as string) as ActivityEntry);
    entries.push(...batch);
    out.push(...(await present(runtime, batch)).filter((activity) => matches(activity, filter)));
    if (result.next) start = result.next;
    else {
      emptyDays = result.read === 0 && !start ? emptyDays + 1 : 0;
      day = previousDay(day);
      start = undefined;
    }
  }
  if (!done && day < firstDay) done = true;
  return { activities: out, nextCursor: done ? null : encodeCursor(page.scope, { d: day, k: start ?? null }), read };
}

async function present(runtime: Runtime, entries: ActivityEntry[]): Promise<GlobalActivity[]> {
  const people = await profilesOf(
    runtime,
    entries.map((entry) => entry.user_id),
  );
  return entries.map((entry) => toActivity(entry, people.get(entry.user_id)));
}

function toActivity(
  entry: ActivityEntry,
  person: { full_name?: string | null; email?: string | null } | undefined,
): GlobalActivity {
  return {
    id: entry.id,
    project_id: entry.project_id,
    project_title: entry.project_title,
    user_id: entry.user_id,
    user_name: person
      ? (person.full_name ?? person.email ?? 'Unknown User')
      : entry.actor_role === 'system'
        ? 'System'
        : 'Unknown User',
    actor_role: entry.actor_role,
    action: entry.action,
    details: entry.details,
    kind: activityKind(entry.action),
    created_at: entry.created_at,
  };
}
