import { authorOf } from '../projects/queries.js';
import type { UserDoc } from '../users/queries.js';
import type { ActivityEntry, ActivityEntryView } from './contracts.js';

/** An activity entry as the feed shows it: with its author's name, without the project's title. */
export function entryView(entry: ActivityEntry, profiles: Map<string, UserDoc>): ActivityEntryView {
  const { project_title: _title, ...rest } = entry;
  return { ...rest, author: authorOf(profiles, entry.user_id) };
}
